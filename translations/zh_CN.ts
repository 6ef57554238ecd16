<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <source>Slow</source>
        <translation>慢</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>快</translation>
    </message>
    <message>
        <source>Instant</source>
        <translation>瞬间</translation>
    </message>
    <message>
        <source>Big joker!</source>
        <translation>大王！</translation>
    </message>
    <message>
        <source>Declare</source>
        <translation>亮主</translation>
    </message>
    <message>
        <source>Tribute to {who}</source>
        <translation>进贡给{who}</translation>
    </message>
    <message>
        <source>Returned to {who}</source>
        <translation>还贡给{who}</translation>
    </message>
    <message>
        <source>A game is in progress</source>
        <translation>牌局进行中</translation>
    </message>
    <message>
        <source>Start a new game? The game in progress will be lost.</source>
        <translation>开始新游戏吗？进行中的牌局将丢失。</translation>
    </message>
    <message>
        <source>Start a new game</source>
        <translation>开始新游戏</translation>
    </message>
    <message>
        <source>Keep playing</source>
        <translation>继续这局</translation>
    </message>
    <message>
        <source>Reading the saved game…</source>
        <translation>正在读取存档…</translation>
    </message>
    <message>
        <source>Overcall</source>
        <translation>正主</translation>
    </message>
    <message>
        <source>Seal</source>
        <translation>封主</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>过</translation>
    </message>
    <message>
        <source>{n} points</source>
        <translation>{n}分</translation>
    </message>
    <message>
        <source>Bidding</source>
        <translation>叫分</translation>
    </message>
    <message>
        <source>{who} bids first</source>
        <translation>{who}先叫</translation>
    </message>
    <message>
        <source>You bid first</source>
        <translation>你先叫</translation>
    </message>
    <message>
        <source>Trump: {suit}</source>
        <translation>主：{suit}</translation>
    </message>
    <message>
        <source>Trump: {suit} (fixed)</source>
        <translation>主：{suit}（已定）</translation>
    </message>
    <message>
        <source>Trump: {suit} (declared, not yet fixed)</source>
        <translation>主：{suit}（已亮，未定）</translation>
    </message>
    <message>
        <source>Dealer: {who}</source>
        <translation>庄家：{who}</translation>
    </message>
    <message>
        <source>{who} is the dealer</source>
        <translation>{who}坐庄</translation>
    </message>
    <message>
        <source>You are the dealer</source>
        <translation>你坐庄</translation>
    </message>
    <message>
        <source>Bid: {bid} points</source>
        <translation>叫分：{bid}</translation>
    </message>
    <message>
        <source>Nobody declared</source>
        <translation>无人亮主</translation>
    </message>
    <message>
        <source>Third card from the bottom: {suit} is trump</source>
        <translation>底三颗：{suit}为主</translation>
    </message>
    <message>
        <source>The trump suit is drawn from the kitty</source>
        <translation>从底牌中抽主</translation>
    </message>
    <message>
        <source>Flipping for the deal</source>
        <translation>翻底定庄</translation>
    </message>
    <message>
        <source>The highest card deals</source>
        <translation>翻出最大牌者坐庄</translation>
    </message>
    <message>
        <source>Dry pot (干锅)</source>
        <translation>干锅</translation>
    </message>
    <message>
        <source>The kitty is not exchanged</source>
        <translation>底牌不换</translation>
    </message>
    <message>
        <source>Buries jokers</source>
        <translation>扣王</translation>
    </message>
    <message>
        <source>Tribute (进贡)</source>
        <translation>进贡</translation>
    </message>
    <message>
        <source>{payer} pays {n} to {receiver}</source>
        <translation>{payer}向{receiver}进贡{n}张</translation>
    </message>
    <message>
        <source>Revolt! (暴动)</source>
        <translation>暴动！</translation>
    </message>
    <message>
        <source>Counter! (暴)</source>
        <translation>暴！</translation>
    </message>
    <message>
        <source>No tribute this hand</source>
        <translation>本局不进贡</translation>
    </message>
    <message>
        <source>Throw failed</source>
        <translation>甩牌失败</translation>
    </message>
    <message>
        <source>You tried {tried}; {led} is played</source>
        <translation>你甩{tried}失败，改出{led}</translation>
    </message>
    <message>
        <source>{who} tried {tried}; {led} is played</source>
        <translation>{who}甩{tried}失败，改出{led}</translation>
    </message>
    <message>
        <source>Claim refused</source>
        <translation>摊牌被拒</translation>
    </message>
    <message>
        <source>{who} tried to claim</source>
        <translation>{who}试图摊牌</translation>
    </message>
    <message>
        <source>Throw refused</source>
        <translation>甩牌被拒</translation>
    </message>
    <message>
        <source>{who} tried {tried}</source>
        <translation>{who}试甩{tried}</translation>
    </message>
    <message>
        <source>Claim!</source>
        <translation>摊牌！</translation>
    </message>
    <message>
        <source>You take every remaining trick</source>
        <translation>你拿下剩余所有轮</translation>
    </message>
    <message>
        <source>{who} takes every remaining trick</source>
        <translation>{who}拿下剩余所有轮</translation>
    </message>
    <message>
        <source>Draw (流局)</source>
        <translation>流局</translation>
    </message>
    <message>
        <source>Everybody passed</source>
        <translation>全部不叫</translation>
    </message>
    <message>
        <source>Redeal</source>
        <translation>重新发牌</translation>
    </message>
    <message>
        <source>Six jokers in the kitty</source>
        <translation>底牌六张全是王</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>游戏(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>新游戏(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Continue saved game</source>
        <translation>继续存档(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Host a table…</source>
        <translation>开桌(&amp;H)…</translation>
    </message>
    <message>
        <source>&amp;Resume the hosted table</source>
        <translation>恢复我开的牌桌(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Join a table…</source>
        <translation>加入牌桌(&amp;J)…</translation>
    </message>
    <message>
        <source>&amp;Statistics…</source>
        <translation>统计(&amp;S)…</translation>
    </message>
    <message>
        <source>Hand &amp;history…</source>
        <translation>牌局记录(&amp;H)…</translation>
    </message>
    <message>
        <source>Open &amp;replay…</source>
        <translation>打开回放(&amp;R)…</translation>
    </message>
    <message>
        <source>Replay this &amp;match</source>
        <translation>回放本局比赛(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>If something goes wrong, it is written to:</source>
        <translation>程序出错时，记录写在：</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>动画速度</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Rules…</source>
        <translation>规则(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Keyboard</source>
        <translation>键盘(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>关于(&amp;A)</translation>
    </message>
    <message>
        <source>Keyboard</source>
        <translation>键盘</translation>
    </message>
    <message>
        <source>Kitty</source>
        <translation>底牌</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>新游戏</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>游戏</translation>
    </message>
    <message>
        <source>Da Gunzi · Tractor · Three against one</source>
        <translation>打滚子 · 拖拉机 · 三打一</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Saved game</source>
        <translation>存档</translation>
    </message>
    <message>
        <source>Analyse</source>
        <translation>复盘</translation>
    </message>
    <message>
        <source>{game}, hand {n}</source>
        <translation>{game}，第{n}局</translation>
    </message>
    <message>
        <source>The saved game could not be read.</source>
        <translation>无法读取存档。</translation>
    </message>
    <message>
        <source>The saved game lost its last move; it goes on from the one before.</source>
        <translation>存档丢失了最后一步，从前一步继续。</translation>
    </message>
    <message>
        <source>Host a table? The game in progress will be lost.</source>
        <translation>开设一桌吗？进行中的牌局将丢失。</translation>
    </message>
    <message>
        <source>Host the table</source>
        <translation>开设这一桌</translation>
    </message>
    <message>
        <source>Could not host the table</source>
        <translation>无法开桌</translation>
    </message>
    <message>
        <source>Resume the hosted table? The game in progress will be lost.</source>
        <translation>恢复开设的那一桌吗？进行中的牌局将丢失。</translation>
    </message>
    <message>
        <source>Resume the table</source>
        <translation>恢复这一桌</translation>
    </message>
    <message>
        <source>Could not resume the table</source>
        <translation>无法恢复牌桌</translation>
    </message>
    <message>
        <source>Watch the table? The game in progress will be lost.</source>
        <translation>旁观这桌？正在进行的游戏将会丢失。</translation>
    </message>
    <message>
        <source>Watch the table</source>
        <translation>旁观这桌</translation>
    </message>
    <message>
        <source>Join the table? The game in progress will be lost.</source>
        <translation>加入这一桌吗？进行中的牌局将丢失。</translation>
    </message>
    <message>
        <source>Join the table</source>
        <translation>加入这一桌</translation>
    </message>
    <message>
        <source>Left the table</source>
        <translation>已离开牌桌</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>出错了</translation>
    </message>
    <message>
        <source>Hint</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>What the normal computer player would do (H)</source>
        <translation>普通电脑玩家会怎么做（H）</translation>
    </message>
    <message>
        <source>Watching the computer players</source>
        <translation>观看电脑对局</translation>
    </message>
    <message>
        <source>Dealing…</source>
        <translation>发牌中…</translation>
    </message>
    <message>
        <source>You may declare now.</source>
        <translation>现在可以亮主。</translation>
    </message>
    <message>
        <source>Match over</source>
        <translation>比赛结束</translation>
    </message>
    <message>
        <source>Waiting for {who}…</source>
        <translation>等待{who}…</translation>
    </message>
    <message>
        <source>Please wait…</source>
        <translation>请稍候…</translation>
    </message>
    <message>
        <source>no bid</source>
        <translation>不叫</translation>
    </message>
    <message>
        <source>bury {jokers}, take {taken}</source>
        <translation>扣{jokers}，捡{taken}</translation>
    </message>
    <message>
        <source>declare {cards}</source>
        <translation>亮主{cards}</translation>
    </message>
    <message>
        <source>bury {cards}</source>
        <translation>扣底{cards}</translation>
    </message>
    <message>
        <source>pay {cards} as tribute</source>
        <translation>进贡{cards}</translation>
    </message>
    <message>
        <source>return {cards}</source>
        <translation>还贡{cards}</translation>
    </message>
    <message>
        <source>revolt with {cards}</source>
        <translation>用{cards}暴动</translation>
    </message>
    <message>
        <source>counter the revolt with {cards}</source>
        <translation>用{cards}暴</translation>
    </message>
    <message>
        <source>claim the remaining tricks</source>
        <translation>摊牌拿下剩余各轮</translation>
    </message>
    <message>
        <source>this move</source>
        <translation>这一步</translation>
    </message>
    <message>
        <source>{who} is burying the kitty…</source>
        <translation>{who}正在扣底…</translation>
    </message>
    <message>
        <source>Your lead</source>
        <translation>你出牌</translation>
    </message>
    <message>
        <source>Your turn: follow</source>
        <translation>轮到你跟牌</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>出牌</translation>
    </message>
    <message>
        <source>Play the selected cards (Enter)</source>
        <translation>打出选中的牌（回车）</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>摊牌</translation>
    </message>
    <message>
        <source>Lay down your hand: every card of yours wins (SD-CLAIM-1)</source>
        <translation>亮出全部手牌：你的每张牌都最大（SD-CLAIM-1）</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Deselect all (Esc)</source>
        <translation>全部取消（Esc）</translation>
    </message>
    <message>
        <source>Nothing to declare: pass</source>
        <translation>无主可亮：过</translation>
    </message>
    <message>
        <source>No joker to bury: pass</source>
        <translation>无王可扣：过</translation>
    </message>
    <message>
        <source>No three big jokers to counter with: pass</source>
        <translation>没有三个大王可暴：过</translation>
    </message>
    <message>
        <source>No three jokers to revolt with: pass</source>
        <translation>没有三个王可暴动：过</translation>
    </message>
    <message>
        <source>Your bid</source>
        <translation>请叫分</translation>
    </message>
    <message>
        <source>Declare or pass</source>
        <translation>亮主或过</translation>
    </message>
    <message>
        <source>Revolt?</source>
        <translation>暴动？</translation>
    </message>
    <message>
        <source>Counter the revolt?</source>
        <translation>暴？</translation>
    </message>
    <message>
        <source>Bury jokers into the kitty?</source>
        <translation>往底牌里扣王？</translation>
    </message>
    <message>
        <source>Choose the trump suit</source>
        <translation>选择主花色</translation>
    </message>
    <message>
        <source>Your decision</source>
        <translation>请选择</translation>
    </message>
    <message>
        <source>Bury</source>
        <translation>扣底</translation>
    </message>
    <message>
        <source>Bury {n} cards: select them ({k}/{n})</source>
        <translation>扣{n}张底牌：请选择（{k}/{n}）</translation>
    </message>
    <message>
        <source>Pay tribute</source>
        <translation>进贡</translation>
    </message>
    <message>
        <source>Tribute to {who}: your strongest eligible card</source>
        <translation>向{who}进贡：你最大的一张可进贡牌</translation>
    </message>
    <message>
        <source>Tribute to {who}: your {n} strongest eligible cards</source>
        <translation>向{who}进贡：你最大的{n}张可进贡牌</translation>
    </message>
    <message>
        <source>Return one card to {who} ({k}/1)</source>
        <translation>还给{who}一张牌（{k}/1）</translation>
    </message>
    <message>
        <source>Return {n} cards to {who} ({k}/{n})</source>
        <translation>还给{who}{n}张牌（{k}/{n}）</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>还贡</translation>
    </message>
    <message>
        <source>Any cards; a small joker only when you keep no big joker (DL-KITTY-6).</source>
        <translation>可扣任意牌；手中无大王时才能扣小王（DL-KITTY-6）。</translation>
    </message>
    <message>
        <source>Any 8 cards; the kitty is shown face up (TR-KITTY-2).</source>
        <translation>任意8张；底牌明扣（TR-KITTY-2）。</translation>
    </message>
    <message>
        <source>Any 6 cards; the kitty is never shown (SD-KITTY-4).</source>
        <translation>任意6张；底牌不亮（SD-KITTY-4）。</translation>
    </message>
    <message>
        <source>Choose one of: {options}</source>
        <translation>任选其一：{options}</translation>
    </message>
    <message>
        <source>No bid</source>
        <translation>不叫</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Bid to collect at least {n} points alone</source>
        <translation>叫分：独自至少收集{n}分</translation>
    </message>
    <message>
        <source>Show big joker</source>
        <translation>亮大王</translation>
    </message>
    <message>
        <source>3 big jokers</source>
        <translation>三个大王</translation>
    </message>
    <message>
        <source>3 small jokers</source>
        <translation>三个小王</translation>
    </message>
    <message>
        <source>Declare {cards}</source>
        <translation>亮{cards}</translation>
    </message>
    <message>
        <source>Show these cards to make their suit trump</source>
        <translation>亮出这些牌，以其花色为主</translation>
    </message>
    <message>
        <source>Revolt with {cards}</source>
        <translation>用{cards}暴动</translation>
    </message>
    <message>
        <source>Show three identical jokers to cancel the tribute (DL-TRIB-6)</source>
        <translation>亮出三个相同的王取消进贡（DL-TRIB-6）</translation>
    </message>
    <message>
        <source>Counter with 3 big jokers</source>
        <translation>用三个大王暴</translation>
    </message>
    <message>
        <source>Void the revolt: the tribute is paid (DL-TRIB-7)</source>
        <translation>使暴动无效，照常进贡（DL-TRIB-7）</translation>
    </message>
    <message>
        <source>You take {taken}</source>
        <translation>你捡{taken}</translation>
    </message>
    <message>
        <source>Bury jokers…</source>
        <translation>扣王…</translation>
    </message>
    <message>
        <source>Declare…</source>
        <translation>亮主…</translation>
    </message>
    <message>
        <source>Revolt…</source>
        <translation>暴动…</translation>
    </message>
    <message>
        <source>Bid…</source>
        <translation>叫分…</translation>
    </message>
    <message>
        <source>Trump suit…</source>
        <translation>选主…</translation>
    </message>
    <message>
        <source>Bury {jokers}</source>
        <translation>扣{jokers}</translation>
    </message>
    <message>
        <source>Put jokers into the kitty and take its weakest cards (DL-KITTY-8)</source>
        <translation>往底牌扣王并捡回最小的牌（DL-KITTY-8）</translation>
    </message>
    <message>
        <source>Make this suit trump (SD-KITTY-3)</source>
        <translation>以此花色为主（SD-KITTY-3）</translation>
    </message>
    <message>
        <source>Lay down your hand</source>
        <translation>亮出全部手牌</translation>
    </message>
    <message>
        <source>Select one of the offered sets of cards.</source>
        <translation>请选择给出的一组牌。</translation>
    </message>
    <message>
        <source>Hint: {what}</source>
        <translation>提示：{what}</translation>
    </message>
    <message>
        <source>play {cards}</source>
        <translation>出{cards}</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>过</translation>
    </message>
    <message>
        <source>bid {n}</source>
        <translation>叫{n}分</translation>
    </message>
    <message>
        <source>trump {suit}</source>
        <translation>{suit}为主</translation>
    </message>
    <message>
        <source>Hand {n} settled</source>
        <translation>第{n}局结算</translation>
    </message>
    <message>
        <source>Next hand</source>
        <translation>下一局</translation>
    </message>
    <message>
        <source>Dalian Da Gunzi (3 decks), Tractor (2 decks) and Three against one (1 deck).</source>
        <translation>大连打滚子（三副牌）、拖拉机（两副牌）和三打一（一副牌）。</translation>
    </message>
    <message>
        <source>About {name}</source>
        <translation>关于{name}</translation>
    </message>
    <message>
        <source>Match over, won by {winner}</source>
        <translation>比赛结束：{winner}获胜</translation>
    </message>
    <message>
        <source>Please wait a moment.</source>
        <translation>请稍等。</translation>
    </message>
    <message>
        <source>A throw: refused, and shown to all, if a hand can beat it (TR-LEAD-5).</source>
        <translation>甩牌：若有人管得上则不成立，且所有人都会看到（TR-LEAD-5）。</translation>
    </message>
    <message>
        <source>That is not possible at this moment.</source>
        <translation>现在不能这样做。</translation>
    </message>
    <message>
        <source>Select exactly {n} cards.</source>
        <translation>请正好选择{n}张牌。</translation>
    </message>
    <message>
        <source>It is not your turn.</source>
        <translation>还没轮到你。</translation>
    </message>
    <message>
        <source>Auto-play is on: switch it off to play yourself.</source>
        <translation>托管中：取消托管才能自己出牌。</translation>
    </message>
    <message>
        <source>It is not your turn to play.</source>
        <translation>还没轮到你出牌。</translation>
    </message>
    <message>
        <source>Select the cards to play.</source>
        <translation>请选择要出的牌。</translation>
    </message>
    <message>
        <source>Select exactly one card.</source>
        <translation>请正好选择一张牌。</translation>
    </message>
    <message>
        <source>Could not save the game: {error}</source>
        <translation>无法保存游戏：{error}</translation>
    </message>
    <message>
        <source>{who}: the computer player ran into an error. A simple legal choice was made for it; play goes on.</source>
        <translation>{who}：电脑玩家出错了。已替它做了一个合规的简单选择，牌局继续。</translation>
    </message>
    <message>
        <source>{who}: the computer player made no decision. A simple legal choice was made for it; play goes on.</source>
        <translation>{who}：电脑玩家没有做出决定。已替它做了一个合规的简单选择，牌局继续。</translation>
    </message>
    <message>
        <source>{who}: the computer player chose an illegal move. A simple legal choice was made for it; play goes on.</source>
        <translation>{who}：电脑玩家做了不合规则的选择。已替它做了一个合规的简单选择，牌局继续。</translation>
    </message>
    <message>
        <source>{who}: the computer player declared illegally. A simple legal choice was made for it; play goes on.</source>
        <translation>{who}：电脑玩家亮主不合规则。已替它做了一个合规的简单选择，牌局继续。</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Rules: {ids}</source>
        <translation>规则：{ids}</translation>
    </message>
    <message>
        <source>Rule options</source>
        <translation>规则选项</translation>
    </message>
    <message>
        <source>Rule set</source>
        <translation>玩法</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>游戏</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>Left/Right: move between your cards</source>
        <translation>←/→：在手牌间移动</translation>
    </message>
    <message>
        <source>Up/Down: change row</source>
        <translation>↑/↓：换一行</translation>
    </message>
    <message>
        <source>Space: select the card</source>
        <translation>空格：选中这张牌</translation>
    </message>
    <message>
        <source>Enter: play (or the main button)</source>
        <translation>Enter：出牌（或按主按钮）</translation>
    </message>
    <message>
        <source>H: hint</source>
        <translation>H：提示</translation>
    </message>
    <message>
        <source>Esc: clear the selection</source>
        <translation>Esc：取消所选</translation>
    </message>
    <message>
        <source>Double click a card: select it and play</source>
        <translation>双击一张牌：选中并出牌</translation>
    </message>
    <message>
        <source>T: card tracker</source>
        <translation>T：记牌器</translation>
    </message>
    <message>
        <source>Ctrl+T: auto-play (托管)</source>
        <translation>Ctrl+T：托管</translation>
    </message>
    <message>
        <source>Shift+drag a card, or Shift+Left/Right: move it within the hand</source>
        <translation>按住 Shift 拖动一张牌，或 Shift+左/右：在手牌中移动它</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Default: {value}.</source>
        <translation>默认：{value}。</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Restore defaults</source>
        <translation>恢复默认</translation>
    </message>
    <message>
        <source>Dealer side holds the kitty and goes up</source>
        <translation>庄家方保底升级</translation>
    </message>
    <message>
        <source>Kitty dug: no change</source>
        <translation>被抠底，不升级</translation>
    </message>
    <message>
        <source>Catchers take over</source>
        <translation>抓分方上台</translation>
    </message>
    <message>
        <source>Catchers dig and go up</source>
        <translation>抓分方抠底升级</translation>
    </message>
    <message>
        <source>dry pot</source>
        <translation>干锅</translation>
    </message>
    <message>
        <source>Defenders take over</source>
        <translation>闲家上台</translation>
    </message>
    <message>
        <source>Dealer side keeps</source>
        <translation>庄家方连庄</translation>
    </message>
    <message>
        <source>Any 8 cards; the kitty stays face down until the hand ends (TR-KITTY-2).</source>
        <translation>任意8张；底牌暗扣，一局结束时才亮出（TR-KITTY-2）。</translation>
    </message>
    <message>
        <source>Kitty dug and flipped (抠底翻牌)</source>
        <translation>抠底翻牌</translation>
    </message>
    <message>
        <source>Kitty dug (抠底)</source>
        <translation>抠底</translation>
    </message>
    <message>
        <source>Clean sweep for the dealer (光牌)</source>
        <translation>光牌</translation>
    </message>
    <message>
        <source>Flipped (翻牌)</source>
        <translation>翻牌</translation>
    </message>
    <message>
        <source>Broken (破牌)</source>
        <translation>破牌</translation>
    </message>
    <message>
        <source>Dealer made the bid</source>
        <translation>庄家完成叫分</translation>
    </message>
    <message>
        <source>No bid (流局)</source>
        <translation>流局</translation>
    </message>
    <message>
        <source>Won as dealer</source>
        <translation>坐庄获胜</translation>
    </message>
    <message>
        <source>Lost as dealer</source>
        <translation>坐庄失利</translation>
    </message>
    <message>
        <source>Won as catchers</source>
        <translation>闲家获胜</translation>
    </message>
    <message>
        <source>Lost as catchers</source>
        <translation>闲家失利</translation>
    </message>
    <message>
        <source>{n:+d} levels</source>
        <translation>{n:+d}级</translation>
    </message>
    <message>
        <source>{n:+d} coins</source>
        <translation>{n:+d}积分</translation>
    </message>
    <message>
        <source>{result}, {detail}</source>
        <translation>{result}，{detail}</translation>
    </message>
    <message>
        <source>Hand history</source>
        <translation>牌局记录</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>局</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Keep the last</source>
        <translation>保留最近</translation>
    </message>
    <message>
        <source>hands</source>
        <translation>局</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Open in replay</source>
        <translation>在回放中打开</translation>
    </message>
    <message>
        <source>(imported)</source>
        <translation>（导入）</translation>
    </message>
    <message>
        <source>The hand history is not available.</source>
        <translation>牌局记录无法使用。</translation>
    </message>
    <message>
        <source>Export hand</source>
        <translation>导出牌局</translation>
    </message>
    <message>
        <source>Hand files (*.json)</source>
        <translation>牌局文件 (*.json)</translation>
    </message>
    <message>
        <source>Could not write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
    <message>
        <source>Import hand</source>
        <translation>导入牌局</translation>
    </message>
    <message>
        <source>Hand files (*.json);;All files (*)</source>
        <translation>牌局文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>This hand cannot be imported: {error}</source>
        <translation>无法导入该牌局：{error}</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <source>Trump</source>
        <translation>主</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Us</source>
        <translation>我方</translation>
    </message>
    <message>
        <source>Them</source>
        <translation>对方</translation>
    </message>
    <message>
        <source>Blood</source>
        <translation>血</translation>
    </message>
    <message>
        <source>Coins</source>
        <translation>积分</translation>
    </message>
    <message>
        <source>Bid</source>
        <translation>叫分</translation>
    </message>
    <message>
        <source>The first time you host a table, Windows Defender Firewall asks whether Shengji Desktop may accept connections: allow it on private networks, or the other players cannot join.</source>
        <translation>第一次开设牌桌时，Windows Defender 防火墙会询问是否允许升级接受连接：请在专用网络上允许，否则其他玩家无法加入。</translation>
    </message>
    <message>
        <source>Open (a person)</source>
        <translation>空位（等人加入）</translation>
    </message>
    <message>
        <source>in play</source>
        <translation>对局中</translation>
    </message>
    <message>
        <source>{n} watching</source>
        <translation>{n}人旁观</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>不限时</translation>
    </message>
    <message>
        <source>{n} s (twice that to bury)</source>
        <translation>{n} 秒（扣底加倍）</translation>
    </message>
    <message>
        <source>Host a table</source>
        <translation>开桌</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>你的名字</translation>
    </message>
    <message>
        <source>{name}&apos;s table</source>
        <translation>{name}的牌桌</translation>
    </message>
    <message>
        <source>Table name</source>
        <translation>牌桌名称</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>任意空闲端口</translation>
    </message>
    <message>
        <source>Announce on the local network</source>
        <translation>在局域网上公布</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Open to the internet (invite code)</source>
        <translation>对外开放（邀请码）</translation>
    </message>
    <message>
        <source>The router is asked to forward the port, and the lobby shows an invite code to send to friends elsewhere; only those with the code can join.</source>
        <translation>程序会请路由器转发这个端口，大厅会显示一个邀请码，发给外地的朋友；只有拿到邀请码的人才能加入。</translation>
    </message>
    <message>
        <source>Time per move</source>
        <translation>每步限时</translation>
    </message>
    <message>
        <source>You (the host)</source>
        <translation>你（桌主）</translation>
    </message>
    <message>
        <source>Open the table</source>
        <translation>开桌</translation>
    </message>
    <message>
        <source>Open to the internet: friends elsewhere join with the invite code the lobby shows.</source>
        <translation>对外开放：外地的朋友用大厅显示的邀请码加入。</translation>
    </message>
    <message>
        <source>Announced: the table is listed on every computer of the local network.</source>
        <translation>已公布：局域网内每台电脑都能在牌桌列表中看到这桌。</translation>
    </message>
    <message>
        <source>Not announced: only those you give the address to can join or watch.</source>
        <translation>未公布：只有知道地址的人才能加入或旁观。</translation>
    </message>
    <message>
        <source>Join a table</source>
        <translation>加入牌桌</translation>
    </message>
    <message>
        <source>Tables on the local network</source>
        <translation>局域网上的牌桌</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Paste the invite code the host sent</source>
        <translation>粘贴主机发来的邀请码</translation>
    </message>
    <message>
        <source>Join by code</source>
        <translation>凭邀请码加入</translation>
    </message>
    <message>
        <source>Address (host:port)</source>
        <translation>地址（主机:端口）</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>加入</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>旁观</translation>
    </message>
    <message>
        <source>Watch the table without a seat (旁观): you see what the whole table sees</source>
        <translation>不入座旁观这桌：你看到的是全桌都能看到的内容</translation>
    </message>
    <message>
        <source>Looking for tables…</source>
        <translation>正在寻找牌桌…</translation>
    </message>
    <message>
        <source>Looking failed: {error}</source>
        <translation>寻找失败：{error}</translation>
    </message>
    <message>
        <source>{n} open seats</source>
        <translation>{n} 个空位</translation>
    </message>
    <message>
        <source>1 open seat</source>
        <translation>1 个空位</translation>
    </message>
    <message>
        <source>Certificate {fingerprint}</source>
        <translation>证书指纹 {fingerprint}</translation>
    </message>
    <message>
        <source>(another version)</source>
        <translation>（版本不同）</translation>
    </message>
    <message>
        <source>No table found yet.</source>
        <translation>还没有找到牌桌。</translation>
    </message>
    <message>
        <source>1 table found.</source>
        <translation>找到 1 张牌桌。</translation>
    </message>
    <message>
        <source>{n} tables found.</source>
        <translation>找到 {n} 张牌桌。</translation>
    </message>
    <message>
        <source>Table lobby</source>
        <translation>牌桌大厅</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>I am ready</source>
        <translation>我准备好了</translation>
    </message>
    <message>
        <source>empty seats: {kind}</source>
        <translation>空位：{kind}</translation>
    </message>
    <message>
        <source>Start the match</source>
        <translation>开始比赛</translation>
    </message>
    <message>
        <source>Close the table</source>
        <translation>关闭牌桌</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>离开</translation>
    </message>
    <message>
        <source>Others join at {address}:{port}</source>
        <translation>其他人加入：{address}:{port}</translation>
    </message>
    <message>
        <source>Table at {address}:{port}</source>
        <translation>牌桌地址：{address}:{port}</translation>
    </message>
    <message>
        <source>(computer)</source>
        <translation>（电脑）</translation>
    </message>
    <message>
        <source>(you)</source>
        <translation>（你）</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>open seat</source>
        <translation>空位</translation>
    </message>
    <message>
        <source>away</source>
        <translation>暂离</translation>
    </message>
    <message>
        <source>waiting for a player</source>
        <translation>等待玩家</translation>
    </message>
    <message>
        <source>This table&apos;s certificate fingerprint: {fingerprint}</source>
        <translation>本桌证书指纹：{fingerprint}</translation>
    </message>
    <message>
        <source>Certificate fingerprint {fingerprint}: the one in the invite code</source>
        <translation>证书指纹 {fingerprint}：与邀请码中的一致</translation>
    </message>
    <message>
        <source>Certificate fingerprint {fingerprint}: compare it with the host&apos;s lobby</source>
        <translation>证书指纹 {fingerprint}：请与主机大厅显示的核对</translation>
    </message>
    <message>
        <source>Certificate fingerprint {fingerprint}: the one the table announced</source>
        <translation>证书指纹 {fingerprint}：与局域网上公布的一致</translation>
    </message>
    <message>
        <source>Watching ({n}): {names}</source>
        <translation>旁观（{n}）：{names}</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Points captured</source>
        <translation>已得分</translation>
    </message>
    <message>
        <source>Last trick</source>
        <translation>上一轮</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>记分表</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>No game</source>
        <translation>没有进行中的游戏</translation>
    </message>
    <message>
        <source>Start a new game from the Game menu.</source>
        <translation>从“游戏”菜单开始新游戏。</translation>
    </message>
    <message>
        <source>Hand {n} · {phase}</source>
        <translation>第{n}局 · {phase}</translation>
    </message>
    <message>
        <source>Level: {level}</source>
        <translation>级牌：{level}</translation>
    </message>
    <message>
        <source>{side}: {points} of {total}</source>
        <translation>{side}：{points} / {total}</translation>
    </message>
    <message>
        <source>No dealer yet</source>
        <translation>尚无庄家</translation>
    </message>
    <message>
        <source>Turn: {who}</source>
        <translation>轮到：{who}</translation>
    </message>
    <message>
        <source>Tricks played: {n} · your cards: {left}</source>
        <translation>已出{n}轮 · 你剩{left}张</translation>
    </message>
    <message>
        <source>Tricks played: {n} · {who}&apos;s cards: {left}</source>
        <translation>已出{n}轮 · {who}剩{left}张</translation>
    </message>
    <message>
        <source>The last cards of the pack</source>
        <translation>牌堆最后几张</translation>
    </message>
    <message>
        <source>{n} cards, visible to you</source>
        <translation>{n}张，你可以看</translation>
    </message>
    <message>
        <source>The cards you took from the kitty</source>
        <translation>你从底牌拿到的牌</translation>
    </message>
    <message>
        <source>The original kitty you were shown</source>
        <translation>你看过的原底牌</translation>
    </message>
    <message>
        <source>{n} cards, face down</source>
        <translation>{n}张，扣着</translation>
    </message>
    <message>
        <source>With the dealer</source>
        <translation>在庄家手中</translation>
    </message>
    <message>
        <source>Bids: {bids}</source>
        <translation>叫分：{bids}</translation>
    </message>
    <message>
        <source>Big joker shown by {who}</source>
        <translation>{who}亮了大王</translation>
    </message>
    <message>
        <source>No declaration yet</source>
        <translation>尚无人亮主</translation>
    </message>
    <message>
        <source>Declared by {who}: {what}</source>
        <translation>{who}亮主：{what}</translation>
    </message>
    <message>
        <source>dealer side</source>
        <translation>庄家方</translation>
    </message>
    <message>
        <source>level {level}</source>
        <translation>打{level}</translation>
    </message>
    <message>
        <source>Bottom+Across</source>
        <translation>下方+对家</translation>
    </message>
    <message>
        <source>Left+Right</source>
        <translation>左家+右家</translation>
    </message>
    <message>
        <source>Blood owed: {n}</source>
        <translation>下局血：{n}</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>未定</translation>
    </message>
    <message>
        <source>Defenders</source>
        <translation>闲家</translation>
    </message>
    <message>
        <source>Catchers</source>
        <translation>抓分方</translation>
    </message>
    <message>
        <source>Six jokers in the kitty: the same dealer deals again</source>
        <translation>底牌六张全是王：同一庄家重新发牌</translation>
    </message>
    <message>
        <source>yes, kitty points doubled</source>
        <translation>是，底分翻倍</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Catchers&apos; points</source>
        <translation>抓分方得分</translation>
    </message>
    <message>
        <source>Kitty points</source>
        <translation>底分</translation>
    </message>
    <message>
        <source>Kitty dug</source>
        <translation>抠底</translation>
    </message>
    <message>
        <source>Jokers buried</source>
        <translation>扣王数</translation>
    </message>
    <message>
        <source>Big jokers: {b} · small jokers: {s}</source>
        <translation>大王：{b} · 小王：{s}</translation>
    </message>
    <message>
        <source>Joker value</source>
        <translation>扣王值</translation>
    </message>
    <message>
        <source>{j} (a big joker counts 2, a small joker 1)</source>
        <translation>{j}（大王算2，小王算1）</translation>
    </message>
    <message>
        <source>Levels</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Blood next hand</source>
        <translation>下局血</translation>
    </message>
    <message>
        <source>{n}, paid by {who}</source>
        <translation>{n}，由{who}进贡</translation>
    </message>
    <message>
        <source>Defenders&apos; points</source>
        <translation>闲家得分</translation>
    </message>
    <message>
        <source>Stake</source>
        <translation>底分</translation>
    </message>
    <message>
        <source>Loses the draw</source>
        <translation>流局输家</translation>
    </message>
    <message>
        <source>Next dealer</source>
        <translation>下局庄家</translation>
    </message>
    <message>
        <source>Match winner</source>
        <translation>比赛胜者</translation>
    </message>
    <message>
        <source>{n} coins</source>
        <translation>{n}分</translation>
    </message>
    <message>
        <source>Dalian Da Gunzi (3 decks)</source>
        <translation>大连打滚子（三副牌）</translation>
    </message>
    <message>
        <source>Tractor (2 decks)</source>
        <translation>拖拉机（两副牌）</translation>
    </message>
    <message>
        <source>Three against one (1 deck)</source>
        <translation>三打一（一副牌）</translation>
    </message>
    <message>
        <source>Human</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>简单</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>困难</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>右家</translation>
    </message>
    <message>
        <source>Across</source>
        <translation>对家</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>左家</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Spades</source>
        <translation>黑桃</translation>
    </message>
    <message>
        <source>Hearts</source>
        <translation>红桃</translation>
    </message>
    <message>
        <source>Clubs</source>
        <translation>梅花</translation>
    </message>
    <message>
        <source>Diamonds</source>
        <translation>方块</translation>
    </message>
    <message>
        <source>Big joker</source>
        <translation>大王</translation>
    </message>
    <message>
        <source>Small joker</source>
        <translation>小王</translation>
    </message>
    <message>
        <source>In Three against one you lead one card at a time; no pairs, no throws.</source>
        <translation>三打一每次只能出一张牌，不能出对子，也不能甩牌。</translation>
    </message>
    <message>
        <source>Lead one card, a pair or a triple of identical cards.</source>
        <translation>只能出单张、一对或三张相同的牌。</translation>
    </message>
    <message>
        <source>Dry pot (干锅): the kitty is not exchanged this hand.</source>
        <translation>干锅：本局不换底牌。</translation>
    </message>
    <message>
        <source>Dry pot (干锅): nobody may bury jokers.</source>
        <translation>干锅：谁都不能扣王。</translation>
    </message>
    <message>
        <source>Bury your big jokers before any small joker.</source>
        <translation>要先扣大王，才能扣小王。</translation>
    </message>
    <message>
        <source>Only jokers may be buried into the dealer&apos;s kitty by the others.</source>
        <translation>其他人只能往庄家的底牌里扣王。</translation>
    </message>
    <message>
        <source>The kitty has too few cards you could take back for that many jokers.</source>
        <translation>底牌里能捡回的牌不够，扣不了这么多王。</translation>
    </message>
    <message>
        <source>Only the player on lead may claim.</source>
        <translation>只有出牌的人才能摊牌。</translation>
    </message>
    <message>
        <source>You cannot claim: not every card of yours is sure to win.</source>
        <translation>不能摊牌：你的牌不是每张都稳赢。</translation>
    </message>
    <message>
        <source>Revolts are off at this table.</source>
        <translation>本桌不允许暴动。</translation>
    </message>
    <message>
        <source>An overcall must be a pair of a higher suit (♥ &gt; ♦ &gt; ♠ &gt; ♣).</source>
        <translation>反主必须用更大花色的对子（♥ &gt; ♦ &gt; ♠ &gt; ♣）。</translation>
    </message>
    <message>
        <source>The first single declaration stands; another single does not change it.</source>
        <translation>先亮的单张为准，再亮单张不改变主。</translation>
    </message>
    <message>
        <source>Trump is sealed (封主): nobody can overcall it.</source>
        <translation>已经封主，谁都不能再反。</translation>
    </message>
    <message>
        <source>You do not hold those cards.</source>
        <translation>你没有这些牌。</translation>
    </message>
    <message>
        <source>You cannot lead those cards together.</source>
        <translation>这些牌不能一起出。</translation>
    </message>
    <message>
        <source>Trumps can never be thrown.</source>
        <translation>主牌不能甩。</translation>
    </message>
    <message>
        <source>A throw must be of one suit.</source>
        <translation>甩牌必须是同一花色。</translation>
    </message>
    <message>
        <source>Throw refused: another player can beat part of it.</source>
        <translation>甩牌被拒：有人能管上其中一部分。</translation>
    </message>
    <message>
        <source>You must follow the suit led.</source>
        <translation>必须跟出首家的花色。</translation>
    </message>
    <message>
        <source>You must play all your cards of the suit led.</source>
        <translation>必须出完你所有该花色的牌。</translation>
    </message>
    <message>
        <source>Dead pairs: you hold a pair of the suit led and must play it.</source>
        <translation>死棒：你有该花色的对子，必须出对。</translation>
    </message>
    <message>
        <source>Dead pairs: you hold a triple of the suit led and must play it.</source>
        <translation>死棒：你有该花色的滚子，必须出滚子。</translation>
    </message>
    <message>
        <source>Dead pairs: you hold a pair of the suit led; play it and one more card.</source>
        <translation>死棒：你有该花色的对子，须出对子加一张。</translation>
    </message>
    <message>
        <source>A declaration must be stronger than the standing one.</source>
        <translation>亮主必须大过当前的亮主。</translation>
    </message>
    <message>
        <source>That is not a valid declaration.</source>
        <translation>这不是有效的亮主。</translation>
    </message>
    <message>
        <source>Declaring is closed.</source>
        <translation>亮主已结束。</translation>
    </message>
    <message>
        <source>That bid is too low.</source>
        <translation>叫分太低。</translation>
    </message>
    <message>
        <source>That is not a valid bid.</source>
        <translation>这不是有效的叫分。</translation>
    </message>
    <message>
        <source>Tribute must be your strongest eligible cards.</source>
        <translation>进贡必须是你最大的可进贡牌。</translation>
    </message>
    <message>
        <source>A revolt is not allowed.</source>
        <translation>不能暴动。</translation>
    </message>
    <message>
        <source>Those cards cannot be buried.</source>
        <translation>这些牌不能扣底。</translation>
    </message>
    <message>
        <source>You may not look at the kitty.</source>
        <translation>你不能看底牌。</translation>
    </message>
    <message>
        <source>Choose one of the four suits.</source>
        <translation>请从四种花色中选一种。</translation>
    </message>
    <message>
        <source>That action is not valid.</source>
        <translation>这个操作无效。</translation>
    </message>
    <message>
        <source>That is not allowed.</source>
        <translation>不允许这样做。</translation>
    </message>
    <message>
        <source>You still hold {card}.</source>
        <translation>你还有{card}。</translation>
    </message>
    <message>
        <source>Play exactly {n} cards.</source>
        <translation>请正好出{n}张牌。</translation>
    </message>
    <message>
        <source>Expert</source>
        <translation>大师</translation>
    </message>
    <message>
        <source>You play this seat.</source>
        <translation>由你坐这个位置。</translation>
    </message>
    <message>
        <source>A person who joins the table takes this seat.</source>
        <translation>加入本桌的玩家坐这个位置。</translation>
    </message>
    <message>
        <source>Easy: plays by simple habits, at once.</source>
        <translation>简单：按简单的习惯出牌，不假思索。</translation>
    </message>
    <message>
        <source>Normal: plays by careful rules of thumb, at once.</source>
        <translation>普通：按稳妥的经验出牌，不假思索。</translation>
    </message>
    <message>
        <source>Hard: plays each move out on many deals of the hidden cards that fit what it has seen; about a second a move.</source>
        <translation>困难：把每步棋放到许多符合所见的暗牌分布上打完再选；每步约一秒。</translation>
    </message>
    <message>
        <source>Expert: as hard, with longer to think on every core (three seconds a move: Settings → Expert&apos;s time per move).</source>
        <translation>大师：同困难，但用上所有处理器核心、思考更久（每步三秒：设置 → 大师每步思考时间）。</translation>
    </message>
    <message>
        <source>Bottom</source>
        <translation>下方</translation>
    </message>
    <message>
        <source>Bottom &amp; Across</source>
        <translation>下方与对家</translation>
    </message>
    <message>
        <source>Left &amp; Right</source>
        <translation>左家与右家</translation>
    </message>
    <message>
        <source>your team</source>
        <translation>我方</translation>
    </message>
    <message>
        <source>the opponents</source>
        <translation>对方</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>{some} and {last}</source>
        <translation>{some}和{last}</translation>
    </message>
    <message>
        <source>Direction of play</source>
        <translation>出牌方向</translation>
    </message>
    <message>
        <source>Following pairs</source>
        <translation>跟棒</translation>
    </message>
    <message>
        <source>Tribute return</source>
        <translation>还贡</translation>
    </message>
    <message>
        <source>Revolt (暴动)</source>
        <translation>暴动</translation>
    </message>
    <message>
        <source>Three small jokers in the kitty win</source>
        <translation>底牌三小王获胜</translation>
    </message>
    <message>
        <source>Dig at 10 resets</source>
        <translation>打10被抠底重打</translation>
    </message>
    <message>
        <source>Mixed trumps (混主)</source>
        <translation>混主</translation>
    </message>
    <message>
        <source>Level sequence</source>
        <translation>级别顺序</translation>
    </message>
    <message>
        <source>Sealing is final</source>
        <translation>封主不可反</translation>
    </message>
    <message>
        <source>Tractors with level cards</source>
        <translation>级牌连对</translation>
    </message>
    <message>
        <source>A-2 tractor</source>
        <translation>A-2连对</translation>
    </message>
    <message>
        <source>Failed throws</source>
        <translation>甩牌失败</translation>
    </message>
    <message>
        <source>Kitty multiplier</source>
        <translation>底分倍数</translation>
    </message>
    <message>
        <source>Buried kitty</source>
        <translation>扣底方式</translation>
    </message>
    <message>
        <source>Face up: all see the buried cards; face down: only the dealer until the hand ends.</source>
        <translation>明扣：大家都看得见扣下的牌；暗扣：一局结束前只有庄家知道。</translation>
    </message>
    <message>
        <source>J/Q/K digs</source>
        <translation>J/Q/K抠底</translation>
    </message>
    <message>
        <source>Combining special digs</source>
        <translation>特殊抠底合计</translation>
    </message>
    <message>
        <source>End of match</source>
        <translation>比赛结束</translation>
    </message>
    <message>
        <source>Room</source>
        <translation>房间</translation>
    </message>
    <message>
        <source>Room stake</source>
        <translation>房间底分</translation>
    </message>
    <message>
        <source>Order of the 2s</source>
        <translation>2的大小</translation>
    </message>
    <message>
        <source>Points on a claim</source>
        <translation>摊牌计分</translation>
    </message>
    <message>
        <source>First bidder</source>
        <translation>首叫</translation>
    </message>
    <message>
        <source>Hands per session</source>
        <translation>每场局数</translation>
    </message>
    <message>
        <source>counterclockwise</source>
        <translation>逆时针</translation>
    </message>
    <message>
        <source>clockwise</source>
        <translation>顺时针</translation>
    </message>
    <message>
        <source>live (活棒)</source>
        <translation>活棒</translation>
    </message>
    <message>
        <source>dead (死棒)</source>
        <translation>死棒</translation>
    </message>
    <message>
        <source>partner</source>
        <translation>对家</translation>
    </message>
    <message>
        <source>same player</source>
        <translation>同一人</translation>
    </message>
    <message>
        <source>any cards</source>
        <translation>任意牌</translation>
    </message>
    <message>
        <source>weakest cards</source>
        <translation>最小的牌</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>at level 10</source>
        <translation>打10时</translation>
    </message>
    <message>
        <source>A lowest</source>
        <translation>A最小</translation>
    </message>
    <message>
        <source>2 lowest</source>
        <translation>2最小</translation>
    </message>
    <message>
        <source>rank order</source>
        <translation>大小顺序</translation>
    </message>
    <message>
        <source>numeric</source>
        <translation>点数顺序</translation>
    </message>
    <message>
        <source>refuse</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>penalty</source>
        <translation>罚出</translation>
    </message>
    <message>
        <source>level and card</source>
        <translation>级别和级牌</translation>
    </message>
    <message>
        <source>level only</source>
        <translation>只看级别</translation>
    </message>
    <message>
        <source>cumulative</source>
        <translation>累加</translation>
    </message>
    <message>
        <source>dig wins</source>
        <translation>抠底优先</translation>
    </message>
    <message>
        <source>pass K</source>
        <translation>打过K</translation>
    </message>
    <message>
        <source>never</source>
        <translation>不结束</translation>
    </message>
    <message>
        <source>game room</source>
        <translation>游戏房</translation>
    </message>
    <message>
        <source>match room</source>
        <translation>比赛房</translation>
    </message>
    <message>
        <source>trump suit&apos;s 2 high</source>
        <translation>主2大</translation>
    </message>
    <message>
        <source>equal</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>defenders&apos; hands</source>
        <translation>闲家手牌</translation>
    </message>
    <message>
        <source>all remaining</source>
        <translation>全部剩余</translation>
    </message>
    <message>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>rotate</source>
        <translation>轮流</translation>
    </message>
    <message>
        <source>face up (明扣)</source>
        <translation>明扣</translation>
    </message>
    <message>
        <source>face down (暗扣)</source>
        <translation>暗扣</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Original rules</source>
        <translation>原版规则</translation>
    </message>
    <message>
        <source>Mainstream (as played online)</source>
        <translation>主流规则（网上通行）</translation>
    </message>
    <message>
        <source>Rule options chosen one by one.</source>
        <translation>逐项选定的规则选项。</translation>
    </message>
    <message>
        <source>Every option at its default: the rules as the rule pages give them.</source>
        <translation>所有选项取默认值：即规则说明里的规则。</translation>
    </message>
    <message>
        <source>Levels 2 to A, a dug kitty counts double, failed throws played, kitty face down.</source>
        <translation>从2打到A，抠底分数翻倍，甩牌失败出最小的部分，底牌暗扣。</translation>
    </message>
    <message>
        <source>— Hand {n} —</source>
        <translation>—— 第{n}局 ——</translation>
    </message>
    <message>
        <source>{who} shows a big joker</source>
        <translation>{who}亮大王</translation>
    </message>
    <message>
        <source>{who} declares {cards}</source>
        <translation>{who}亮主{cards}</translation>
    </message>
    <message>
        <source>{who} passes</source>
        <translation>{who}过</translation>
    </message>
    <message>
        <source>{who} bids {value}</source>
        <translation>{who}叫{value}分</translation>
    </message>
    <message>
        <source>{who} is dealer with a bid of {bid}</source>
        <translation>{who}以{bid}分坐庄</translation>
    </message>
    <message>
        <source>Trump {suit}, dealer {who}</source>
        <translation>{suit}为主，{who}坐庄</translation>
    </message>
    <message>
        <source>{who} chooses trump {suit}</source>
        <translation>{who}选{suit}为主</translation>
    </message>
    <message>
        <source>Nobody declared: the third card from the bottom makes {suit} trump</source>
        <translation>无人亮主：底三颗定{suit}为主</translation>
    </message>
    <message>
        <source>Nobody declared: trump drawn from the kitty</source>
        <translation>无人亮主：从底牌抽主</translation>
    </message>
    <message>
        <source>Kitty flipped for the deal: {flips}</source>
        <translation>翻底定庄：{flips}</translation>
    </message>
    <message>
        <source>Kitty shown: {cards}</source>
        <translation>亮底：{cards}</translation>
    </message>
    <message>
        <source>{who} buries {jokers}: the kitty is shown for the pick: {cards}</source>
        <translation>{who}扣{jokers}：亮底以便捡牌：{cards}</translation>
    </message>
    <message>
        <source>You see the kitty: {cards}</source>
        <translation>你看到底牌：{cards}</translation>
    </message>
    <message>
        <source>The defenders see the kitty</source>
        <translation>闲家看底牌</translation>
    </message>
    <message>
        <source>{who} takes the kitty: {cards}</source>
        <translation>{who}拿底牌：{cards}</translation>
    </message>
    <message>
        <source>{who} takes the kitty</source>
        <translation>{who}拿底牌</translation>
    </message>
    <message>
        <source>{who} buries {cards}</source>
        <translation>{who}扣底{cards}</translation>
    </message>
    <message>
        <source>{who} buries {n} cards</source>
        <translation>{who}扣底{n}张</translation>
    </message>
    <message>
        <source>That is the wrong number of cards.</source>
        <translation>牌的张数不对。</translation>
    </message>
    <message>
        <source>Return your weakest cards.</source>
        <translation>请还你最小的牌。</translation>
    </message>
    <message>
        <source>Take the weakest non-point cards of the kitty.</source>
        <translation>请捡底牌中最小的非分牌。</translation>
    </message>
    <message>
        <source>You cannot claim now.</source>
        <translation>现在不能摊牌。</translation>
    </message>
    <message>
        <source>Play exactly one card.</source>
        <translation>请正好出一张牌。</translation>
    </message>
    <message>
        <source>You do not hold {card}.</source>
        <translation>你没有{card}。</translation>
    </message>
    <message>
        <source>Your bid must be at least {n} points.</source>
        <translation>你至少要叫{n}分。</translation>
    </message>
    <message>
        <source>After passes the minimum rises: the third bidder starts at 65, the fourth at 70.</source>
        <translation>前面的人都不叫时起叫分会升高：第三家从65起叫，第四家从70起叫。</translation>
    </message>
    <message>
        <source>Bids in this room: {bids} points.</source>
        <translation>本房间可叫：{bids}分。</translation>
    </message>
    <message>
        <source>Tribute must be your strongest eligible card.</source>
        <translation>进贡必须是你最大的那张可进贡牌。</translation>
    </message>
    <message>
        <source>Tribute must be your {n} strongest eligible cards.</source>
        <translation>进贡必须是你最大的{n}张可进贡牌。</translation>
    </message>
    <message>
        <source>These must be among them: {cards}.</source>
        <translation>其中必须有：{cards}。</translation>
    </message>
    <message>
        <source>In Tractor you need not answer a pair with a pair, even when you hold one.</source>
        <translation>拖拉机里别人出对时，即使你有对子也可以不跟对。</translation>
    </message>
    <message>
        <source>You alone must take the points you bid.</source>
        <translation>你叫多少分，就要一个人拿到多少分。</translation>
    </message>
    <message>
        <source>After a pass the bidding here starts at {low}.</source>
        <translation>前面一家不叫，这里从{low}分起叫。</translation>
    </message>
    <message>
        <source>After {n} passes the bidding here starts at {low}.</source>
        <translation>前面{n}家都不叫，这里从{low}分起叫。</translation>
    </message>
    <message>
        <source>Bids go from {low} to {high}.</source>
        <translation>可叫{low}到{high}分。</translation>
    </message>
    <message>
        <source>Which way the deal, the bidding and the play go round the table.</source>
        <translation>发牌、叫分和出牌绕桌子转的方向。</translation>
    </message>
    <message>
        <source>Live (活棒): a pair need not be answered with a pair; dead (死棒): it must.</source>
        <translation>活棒：别人出对不必跟对；死棒：有对子就必须跟对。</translation>
    </message>
    <message>
        <source>Next dealer after a win</source>
        <translation>庄家方赢后谁坐庄</translation>
    </message>
    <message>
        <source>When the dealer&apos;s side wins, the partner deals next, or the same player again.</source>
        <translation>庄家方赢了以后，由对家坐庄，或者原庄家连庄。</translation>
    </message>
    <message>
        <source>For a tribute the dealer gives back cards he chooses, or his weakest cards.</source>
        <translation>收到进贡后，庄家还自己挑的牌，或者还最小的牌。</translation>
    </message>
    <message>
        <source>Three big or three small jokers let the side that pays tribute refuse to pay.</source>
        <translation>进贡方有人拿到三个大王或三个小王，可以不进贡。</translation>
    </message>
    <message>
        <source>Three small jokers in the last kitty win the match at once, like three big ones.</source>
        <translation>最后底牌里有三个小王，和三个大王一样，立刻赢得整场比赛。</translation>
    </message>
    <message>
        <source>A dealer&apos;s side at level 10 whose kitty is dug drops back to level 3.</source>
        <translation>庄家方打10时被抠底，退回打3。</translation>
    </message>
    <message>
        <source>Not offered: the trump suit is always one of the four suits.</source>
        <translation>暂不提供：主总是四种花色之一。</translation>
    </message>
    <message>
        <source>Where the levels start: A is the lowest (A, 2 … K), or 2 is (2 … K, A).</source>
        <translation>级别从哪里开始：A最小（A、2 … K），或2最小（2 … K、A）。</translation>
    </message>
    <message>
        <source>A sealed declaration (封主) cannot be overcalled by anybody.</source>
        <translation>封主以后谁都不能再反。</translation>
    </message>
    <message>
        <source>Which trump pairs link into tractors: by rank order, or by their numbers.</source>
        <translation>哪些主牌对子能连成拖拉机：按大小顺序，或按点数。</translation>
    </message>
    <message>
        <source>Whether a pair of aces and a pair of 2s form a tractor.</source>
        <translation>一对A和一对2能不能连成拖拉机。</translation>
    </message>
    <message>
        <source>A throw somebody can beat is refused, or its smallest beatable part is played.</source>
        <translation>别人管得上的甩牌被拒绝，或者只出其中最小的能被管上的部分。</translation>
    </message>
    <message>
        <source>How many times the kitty&apos;s points count when the defenders win the last trick.</source>
        <translation>闲家赢最后一轮时，底牌分算几倍。</translation>
    </message>
    <message>
        <source>At J, Q or K a special dig needs a level card to win the last trick, or any dig.</source>
        <translation>打J、Q、K时，特殊抠底要用级牌赢最后一轮，或者任何抠底都算。</translation>
    </message>
    <message>
        <source>A special dig adds to the hand&apos;s other results, or replaces the dealer&apos;s gain.</source>
        <translation>特殊抠底与本局其他结果累加，或者取代庄家方的所得。</translation>
    </message>
    <message>
        <source>The match ends when a team passes K, or it never ends and coins are counted.</source>
        <translation>一方打过K时比赛结束，或者一直打下去只算积分。</translation>
    </message>
    <message>
        <source>Game room: bids of 60, 65, 70, 75; match room: 60, 65, 70.</source>
        <translation>游戏房：叫60、65、70、75分；比赛房：叫60、65、70分。</translation>
    </message>
    <message>
        <source>How many coins one unit of a hand&apos;s stake is worth.</source>
        <translation>每局输赢的一个单位值多少积分。</translation>
    </message>
    <message>
        <source>The 2 of the trump suit beats the other 2s, or all four 2s are equal.</source>
        <translation>主花色的2比其他2大，或者四个2一样大。</translation>
    </message>
    <message>
        <source>A claim gives the defenders the points in their hands, or all points left.</source>
        <translation>摊牌时闲家得到自己手里的分，或者所有剩下的分。</translation>
    </message>
    <message>
        <source>Who bids first: a player drawn at random each hand, or each player in turn.</source>
        <translation>谁先叫：每局随机选一家，或者轮流。</translation>
    </message>
    <message>
        <source>How many hands a session lasts (0: as many as you like).</source>
        <translation>一场打几局（0：不限）。</translation>
    </message>
    <message>
        <source>you</source>
        <translation>你</translation>
    </message>
    <message>
        <source>You show a big joker</source>
        <translation>你亮大王</translation>
    </message>
    <message>
        <source>You declare {cards}</source>
        <translation>你亮主{cards}</translation>
    </message>
    <message>
        <source>You pass</source>
        <translation>你过</translation>
    </message>
    <message>
        <source>You bid {value}</source>
        <translation>你叫{value}分</translation>
    </message>
    <message>
        <source>You are the dealer with a bid of {bid}</source>
        <translation>你以{bid}分坐庄</translation>
    </message>
    <message>
        <source>You choose trump {suit}</source>
        <translation>你定{suit}为主</translation>
    </message>
    <message>
        <source>You bury {jokers}: the kitty is shown for the pick: {cards}</source>
        <translation>你扣{jokers}：亮底以便捡牌：{cards}</translation>
    </message>
    <message>
        <source>You take the kitty</source>
        <translation>你拿底牌</translation>
    </message>
    <message>
        <source>You take the kitty: {cards}</source>
        <translation>你拿底牌：{cards}</translation>
    </message>
    <message>
        <source>You bury {n} cards</source>
        <translation>你扣底{n}张</translation>
    </message>
    <message>
        <source>You bury {cards}</source>
        <translation>你扣底{cards}</translation>
    </message>
    <message>
        <source>You bury {jokers} and take {taken}</source>
        <translation>你扣{jokers}，捡{taken}</translation>
    </message>
    <message>
        <source>{who} buries {jokers} and takes {taken}</source>
        <translation>{who}扣{jokers}，捡{taken}</translation>
    </message>
    <message>
        <source>You owe {receiver} a tribute of {n}</source>
        <translation>你要向{receiver}进贡{n}张</translation>
    </message>
    <message>
        <source>{payer} owes {receiver} a tribute of {n}</source>
        <translation>{payer}须向{receiver}进贡{n}张</translation>
    </message>
    <message>
        <source>{who} revolts with {cards}!</source>
        <translation>{who}用{cards}暴动！</translation>
    </message>
    <message>
        <source>You revolt with {cards}!</source>
        <translation>你用{cards}暴动！</translation>
    </message>
    <message>
        <source>You counter the revolt with three big jokers!</source>
        <translation>你用三个大王暴！</translation>
    </message>
    <message>
        <source>{who} counters the revolt with three big jokers!</source>
        <translation>{who}用三个大王暴！</translation>
    </message>
    <message>
        <source>The tribute is cancelled</source>
        <translation>进贡取消</translation>
    </message>
    <message>
        <source>You pay tribute to {to}: {cards}</source>
        <translation>你向{to}进贡：{cards}</translation>
    </message>
    <message>
        <source>{who} pays tribute to {to}: {cards}</source>
        <translation>{who}向{to}进贡：{cards}</translation>
    </message>
    <message>
        <source>{who} returns {cards} to {to}</source>
        <translation>{who}还给{to}：{cards}</translation>
    </message>
    <message>
        <source>You return {cards} to {to}</source>
        <translation>你还给{to}：{cards}</translation>
    </message>
    <message>
        <source>{who} plays {cards}</source>
        <translation>{who}出{cards}</translation>
    </message>
    <message>
        <source>You play {cards}</source>
        <translation>你出{cards}</translation>
    </message>
    <message>
        <source>Your throw {tried} fails; {led} is played</source>
        <translation>你甩{tried}失败，改出{led}</translation>
    </message>
    <message>
        <source>{who}&apos;s throw {tried} fails; {led} is played</source>
        <translation>{who}甩{tried}失败，改出{led}</translation>
    </message>
    <message>
        <source>You try to claim: refused, not every card is a winner</source>
        <translation>你试图摊牌：不成立，并非每张牌都最大</translation>
    </message>
    <message>
        <source>{who} tries to claim: refused, not every card is a winner</source>
        <translation>{who}试图摊牌：不成立，并非每张牌都最大</translation>
    </message>
    <message>
        <source>You try to throw {cards}: refused, a part of it can be beaten</source>
        <translation>你试甩{cards}：不成立，其中有一部分能被管上</translation>
    </message>
    <message>
        <source>{who} tries to throw {cards}: refused, a part of it can be beaten</source>
        <translation>{who}试甩{cards}：不成立，其中有牌能被管上</translation>
    </message>
    <message>
        <source>You win trick {n} (+{points} points)</source>
        <translation>你赢第{n}轮（+{points}分）</translation>
    </message>
    <message>
        <source>{who} wins trick {n} (+{points} points)</source>
        <translation>{who}赢第{n}轮（+{points}分）</translation>
    </message>
    <message>
        <source>You claim the remaining tricks (+{points} points to the defenders)</source>
        <translation>你摊牌拿下剩余各轮（闲家+{points}分）</translation>
    </message>
    <message>
        <source>{who} claims the remaining tricks (+{points} points to the defenders)</source>
        <translation>{who}摊牌拿下剩余各轮（闲家+{points}分）</translation>
    </message>
    <message>
        <source>Everybody passed: the hand is a draw (流局)</source>
        <translation>全部不叫：流局</translation>
    </message>
    <message>
        <source>Six jokers in the kitty: the hand is dealt again</source>
        <translation>底牌六张全是王：重新发牌</translation>
    </message>
    <message>
        <source>Hand settled</source>
        <translation>本局结算</translation>
    </message>
    <message>
        <source>The match is over, won by {winner}</source>
        <translation>比赛结束：{winner}获胜</translation>
    </message>
    <message>
        <source>Something happened at the table</source>
        <translation>牌桌上发生了一件事</translation>
    </message>
    <message>
        <source>Your team</source>
        <translation>我方</translation>
    </message>
    <message>
        <source>Opponents</source>
        <translation>对方</translation>
    </message>
    <message>
        <source>Dealing</source>
        <translation>发牌</translation>
    </message>
    <message>
        <source>Declaring</source>
        <translation>亮主</translation>
    </message>
    <message>
        <source>Tribute</source>
        <translation>进贡</translation>
    </message>
    <message>
        <source>Playing</source>
        <translation>出牌</translation>
    </message>
    <message>
        <source>Hand over</source>
        <translation>本局结束</translation>
    </message>
    <message>
        <source>Write the address as host:port, e.g. 192.168.1.20:47000.</source>
        <translation>地址格式为 主机:端口，例如 192.168.1.20:47000。</translation>
    </message>
    <message>
        <source>The port must be a number.</source>
        <translation>端口必须是数字。</translation>
    </message>
    <message>
        <source>The port must be between 1 and 65535.</source>
        <translation>端口必须在 1 到 65535 之间。</translation>
    </message>
    <message>
        <source>The host refused: {message} ({code})</source>
        <translation>桌主拒绝：{message}（{code}）</translation>
    </message>
    <message>
        <source>Connecting to {address}:{port}…</source>
        <translation>正在连接 {address}:{port}…</translation>
    </message>
    <message>
        <source>open</source>
        <translation>空位</translation>
    </message>
    <message>
        <source>hand shown</source>
        <translation>旁观可见</translation>
    </message>
    <message>
        <source>Connected to {address}:{port}</source>
        <translation>已连接 {address}:{port}</translation>
    </message>
    <message>
        <source>Connection lost ({detail}); reconnecting…</source>
        <translation>连接中断（{detail}），正在重连…</translation>
    </message>
    <message>
        <source>The saved seat no longer exists at this table; join again.</source>
        <translation>保存的座位在此牌桌已不存在，请重新加入。</translation>
    </message>
    <message>
        <source>The table has ended: {reason}</source>
        <translation>牌桌已结束：{reason}</translation>
    </message>
    <message>
        <source>Left the table: {why}</source>
        <translation>已离开牌桌：{why}</translation>
    </message>
    <message>
        <source>Could not join at {addresses}: {why}</source>
        <translation>无法在 {addresses} 加入：{why}</translation>
    </message>
    <message>
        <source>Not connected to the host: {status}</source>
        <translation>未连接到桌主：{status}</translation>
    </message>
    <message>
        <source>Card &amp;tracker</source>
        <translation>记牌器(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Auto-play (托管)</source>
        <translation>托管(&amp;A)</translation>
    </message>
    <message>
        <source>Pass automatically when passing is your only move</source>
        <translation>只能过时自动过</translation>
    </message>
    <message>
        <source>Card tracker</source>
        <translation>记牌器</translation>
    </message>
    <message>
        <source>Auto-play</source>
        <translation>托管</translation>
    </message>
    <message>
        <source>A computer plays your seat until you switch it off</source>
        <translation>电脑替你出牌，直到你取消托管</translation>
    </message>
    <message>
        <source>Auto-play strength</source>
        <translation>托管水平</translation>
    </message>
    <message>
        <source>Auto-play needs a seat of yours at a table.</source>
        <translation>托管需要你在牌桌上有座位。</translation>
    </message>
    <message>
        <source>Auto-play on: the computer plays your seat.</source>
        <translation>已托管：电脑替你出牌。</translation>
    </message>
    <message>
        <source>Auto-play off.</source>
        <translation>已取消托管。</translation>
    </message>
    <message>
        <source>Passing is your only move: passing for you in a moment (Settings)</source>
        <translation>只能过：稍后自动替你过（可在设置中关闭）</translation>
    </message>
    <message>
        <source>Trumps</source>
        <translation>主牌</translation>
    </message>
    <message>
        <source>BJ</source>
        <translation>大王</translation>
    </message>
    <message>
        <source>SJ</source>
        <translation>小王</translation>
    </message>
    <message>
        <source>void: {classes}</source>
        <translation>绝门：{classes}</translation>
    </message>
    <message>
        <source>no pair: {classes}</source>
        <translation>无对子：{classes}</translation>
    </message>
    <message>
        <source>no triple: {classes}</source>
        <translation>无滚子：{classes}</translation>
    </message>
    <message>
        <source>Declarer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <source>Your side</source>
        <translation>我方</translation>
    </message>
    <message>
        <source>Kitty shown</source>
        <translation>亮出的底牌</translation>
    </message>
    <message>
        <source>Kitty picked up</source>
        <translation>拿到的底牌</translation>
    </message>
    <message>
        <source>Kitty now</source>
        <translation>现在的底牌</translation>
    </message>
    <message>
        <source>Counted from what your seat has seen.</source>
        <translation>只按你这一方看到的牌计算。</translation>
    </message>
    <message>
        <source>Cards out</source>
        <translation>外面的牌</translation>
    </message>
    <message>
        <source>Shown by play</source>
        <translation>出牌中看出</translation>
    </message>
    <message>
        <source>Yours:</source>
        <translation>你的：</translation>
    </message>
    <message>
        <source>not seen</source>
        <translation>未看到</translation>
    </message>
    <message>
        <source>Out: {out} (not played: {left} of {total})</source>
        <translation>外面：{out}（未出：{left}/{total}）</translation>
    </message>
    <message>
        <source>5s out: {fives} · 10s: {tens} · Ks: {kings}</source>
        <translation>外面的 5：{fives} · 10：{tens} · K：{kings}</translation>
    </message>
    <message>
        <source>Captured: {sides}</source>
        <translation>已得分：{sides}</translation>
    </message>
    <message>
        <source>The statistics database could not be read ({reason}); it was set aside as {name} and a new one started.</source>
        <translation>无法读取统计数据库（{reason}）；已将其另存为 {name}，并新建了一个数据库。</translation>
    </message>
    <message>
        <source>The statistics could not be saved: {error}</source>
        <translation>无法保存统计：{error}</translation>
    </message>
    <message>
        <source>Statistics are not available: {error}</source>
        <translation>统计无法使用：{error}</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <source>Last year</source>
        <translation>最近一年</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Mixed</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>LAN table</source>
        <translation>局域网牌桌</translation>
    </message>
    <message>
        <source>Hands</source>
        <translation>局数</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>场数</translation>
    </message>
    <message>
        <source>Matches finished</source>
        <translation>完成场数</translation>
    </message>
    <message>
        <source>Matches won</source>
        <translation>获胜场数</translation>
    </message>
    <message>
        <source>Hands as dealer</source>
        <translation>坐庄局数</translation>
    </message>
    <message>
        <source>Hands as catchers</source>
        <translation>闲家局数</translation>
    </message>
    <message>
        <source>Levels gained per hand</source>
        <translation>每局升级数</translation>
    </message>
    <message>
        <source>Coins per hand</source>
        <translation>每局积分</translation>
    </message>
    <message>
        <source>Coins, standard deviation</source>
        <translation>每局积分标准差</translation>
    </message>
    <message>
        <source>干锅 (dry pot) hands</source>
        <translation>干锅局数</translation>
    </message>
    <message>
        <source>喝血: tribute received (hands)</source>
        <translation>喝血局数</translation>
    </message>
    <message>
        <source>喝血: tribute cards received</source>
        <translation>喝血张数</translation>
    </message>
    <message>
        <source>Tribute paid (hands)</source>
        <translation>进贡局数</translation>
    </message>
    <message>
        <source>Tribute cards paid</source>
        <translation>进贡张数</translation>
    </message>
    <message>
        <source>暴动 by our side</source>
        <translation>我方暴动</translation>
    </message>
    <message>
        <source>暴动 by the opponents</source>
        <translation>对方暴动</translation>
    </message>
    <message>
        <source>J到底 by our side</source>
        <translation>我方J到底</translation>
    </message>
    <message>
        <source>J到底 against us</source>
        <translation>对方J到底</translation>
    </message>
    <message>
        <source>Q半截 by our side</source>
        <translation>我方Q半截</translation>
    </message>
    <message>
        <source>Q半截 against us</source>
        <translation>对方Q半截</translation>
    </message>
    <message>
        <source>K翻天 by our side</source>
        <translation>我方K翻天</translation>
    </message>
    <message>
        <source>K翻天 against us</source>
        <translation>对方K翻天</translation>
    </message>
    <message>
        <source>Bids won (as declarer)</source>
        <translation>叫得庄家次数</translation>
    </message>
    <message>
        <source>Bids made</source>
        <translation>叫分成功次数</translation>
    </message>
    <message>
        <source>Bid success rate</source>
        <translation>叫分成功率</translation>
    </message>
    <message>
        <source>Made / won, by bid</source>
        <translation>按叫分：成功/坐庄</translation>
    </message>
    <message>
        <source>No finished hands yet.</source>
        <translation>还没有打完的牌局。</translation>
    </message>
    <message>
        <source>last {n} matches, oldest left</source>
        <translation>最近 {n} 场，最早的在左</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>Period:</source>
        <translation>时段：</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Reset…</source>
        <translation>清零…</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <source>Matches:</source>
        <translation>场数：</translation>
    </message>
    <message>
        <source>No hands</source>
        <translation>没有牌局</translation>
    </message>
    <message>
        <source>Levels per match</source>
        <translation>每场升级数</translation>
    </message>
    <message>
        <source>Coins per match</source>
        <translation>每场积分</translation>
    </message>
    <message>
        <source>Export statistics</source>
        <translation>导出统计</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Reset statistics</source>
        <translation>统计清零</translation>
    </message>
    <message>
        <source>Forget every recorded hand and match? The hand history is kept.</source>
        <translation>清除所有已记录的牌局和比赛统计？牌局记录会保留。</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>清零</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>Mistake</source>
        <translation>失误</translation>
    </message>
    <message>
        <source>Inaccuracy</source>
        <translation>疑问</translation>
    </message>
    <message>
        <source>{mean:+.2f} coins</source>
        <translation>{mean:+.2f} 金币</translation>
    </message>
    <message>
        <source>{mean:+.2f} levels</source>
        <translation>{mean:+.2f} 级</translation>
    </message>
    <message>
        <source>{mean:+.2f} coins (± {error:.2f})</source>
        <translation>{mean:+.2f} 金币（± {error:.2f}）</translation>
    </message>
    <message>
        <source>{mean:+.2f} levels (± {error:.2f})</source>
        <translation>{mean:+.2f} 级（± {error:.2f}）</translation>
    </message>
    <message>
        <source>Trick {t}</source>
        <translation>第{t}轮</translation>
    </message>
    <message>
        <source>The computer (hard) for {seat}</source>
        <translation>电脑（高级）替{seat}</translation>
    </message>
    <message>
        <source>No decision here.</source>
        <translation>此处无需决定。</translation>
    </message>
    <message>
        <source>Would {what}.</source>
        <translation>会{what}。</translation>
    </message>
    <message>
        <source>Estimated result of the hand for {seat}&apos;s side, over {n} sampled deals:</source>
        <translation>{seat}一方本手牌的预计结果（{n} 次抽样发牌）：</translation>
    </message>
    <message>
        <source>Decided by rules of thumb (the computer searches only in trick play).</source>
        <translation>按经验规则决定（电脑只在出牌阶段搜索）。</translation>
    </message>
    <message>
        <source>Played in the game: {what}.</source>
        <translation>实际对局中：{what}。</translation>
    </message>
    <message>
        <source>At a decision, press the button (A) to ask the hard player.</source>
        <translation>在需要决定时，按此按钮（A）询问高级电脑。</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>思考中…</translation>
    </message>
    <message>
        <source>The computer could not answer: {error}</source>
        <translation>电脑无法回答：{error}</translation>
    </message>
    <message>
        <source>{mark} — judged for {seat}</source>
        <translation>{mark} — 为{seat}评判</translation>
    </message>
    <message>
        <source>played</source>
        <translation>实际出牌</translation>
    </message>
    <message>
        <source>better</source>
        <translation>更好</translation>
    </message>
    <message>
        <source>Loss: {loss}</source>
        <translation>损失：{loss}</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>There is no match of yours to replay yet.</source>
        <translation>还没有可以回放的你的比赛。</translation>
    </message>
    <message>
        <source>Only a hand played here can be analysed.</source>
        <translation>只能复盘在本机打的牌局。</translation>
    </message>
    <message>
        <source>This file cannot be replayed: {error}</source>
        <translation>此文件无法回放：{error}</translation>
    </message>
    <message>
        <source>Open replay</source>
        <translation>打开回放</translation>
    </message>
    <message>
        <source>Records and saves (*.json *.jsonl);;All files (*)</source>
        <translation>记录和存档 (*.json *.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>This hand cannot be replayed: {error}</source>
        <translation>这手牌无法回放：{error}</translation>
    </message>
    <message>
        <source>Replay: {name}</source>
        <translation>回放：{name}</translation>
    </message>
    <message>
        <source>Replay of this match (your seat, up to now)</source>
        <translation>本局比赛回放（你的座位，到目前为止）</translation>
    </message>
    <message>
        <source>Hand {n}</source>
        <translation>第{n}局</translation>
    </message>
    <message>
        <source>Hand start</source>
        <translation>本局开始</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Play on</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>Hand end</source>
        <translation>本局结束</translation>
    </message>
    <message>
        <source>View of {seat}</source>
        <translation>{seat}的视角</translation>
    </message>
    <message>
        <source>Your view</source>
        <translation>你的视角</translation>
    </message>
    <message>
        <source>All hands face up</source>
        <translation>所有手牌明示</translation>
    </message>
    <message>
        <source>What would the computer play here?</source>
        <translation>电脑在这里会怎么出？</translation>
    </message>
    <message>
        <source>Hand {n}, step {k} of {total}, trick {t}</source>
        <translation>第{n}局，第 {k}/{total} 步，第 {t} 轮</translation>
    </message>
    <message>
        <source>Only a hand the record finishes can be shown face up.</source>
        <translation>只有记录中已打完的一手牌才能明示。</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Only a record can be analysed: open the hand from Hand history.</source>
        <translation>只能复盘牌局记录：请从“牌局历史”打开这一局。</translation>
    </message>
    <message>
        <source>The analysis failed: {error}</source>
        <translation>复盘失败：{error}</translation>
    </message>
    <message>
        <source>Analysis cancelled.</source>
        <translation>已取消复盘。</translation>
    </message>
    <message>
        <source>Overcall (反主)</source>
        <translation>反主</translation>
    </message>
    <message>
        <source>Overcall (正主)</source>
        <translation>正主</translation>
    </message>
    <message>
        <source>Tractor (拖拉机)</source>
        <translation>拖拉机</translation>
    </message>
    <message>
        <source>Throw (甩牌)</source>
        <translation>甩牌</translation>
    </message>
    <message>
        <source>Ruff (毙了)</source>
        <translation>毙了</translation>
    </message>
    <message>
        <source>Four-colour suits</source>
        <translation>四色花色</translation>
    </message>
    <message>
        <source>By suit (trumps first)</source>
        <translation>按花色（主牌在前）</translation>
    </message>
    <message>
        <source>By rank</source>
        <translation>按点数</translation>
    </message>
    <message>
        <source>Sort the hand</source>
        <translation>手牌排序</translation>
    </message>
    <message>
        <source>Sound</source>
        <translation>音效</translation>
    </message>
    <message>
        <source>&amp;Mute</source>
        <translation>静音(&amp;M)</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>音量</translation>
    </message>
    <message>
        <source>{n}%</source>
        <translation>{n}%</translation>
    </message>
    <message>
        <source>Silent while minimised</source>
        <translation>窗口最小化时静音</translation>
    </message>
    <message>
        <source>Turn reminder</source>
        <translation>轮到你时的提醒</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>After {n} s</source>
        <translation>{n} 秒后</translation>
    </message>
    <message>
        <source>Hurry up</source>
        <translation>快点吧</translation>
    </message>
    <message>
        <source>Well played</source>
        <translation>配合得好</translation>
    </message>
    <message>
        <source>Sorry</source>
        <translation>不好意思</translation>
    </message>
    <message>
        <source>Good luck</source>
        <translation>祝你好运</translation>
    </message>
    <message>
        <source>Thanks</source>
        <translation>谢谢</translation>
    </message>
    <message>
        <source>Nice cards!</source>
        <translation>好牌！</translation>
    </message>
    <message>
        <source>Oops</source>
        <translation>哎呀</translation>
    </message>
    <message>
        <source>One more hand?</source>
        <translation>再来一局？</translation>
    </message>
    <message>
        <source>{n} s</source>
        <translation>{n} 秒</translation>
    </message>
    <message>
        <source>Quick chat</source>
        <translation>快捷语</translation>
    </message>
    <message>
        <source>Say a short phrase to the table</source>
        <translation>对全桌说一句快捷语</translation>
    </message>
    <message>
        <source>Not connected to the host</source>
        <translation>未连接到主机</translation>
    </message>
    <message>
        <source>{name} (watching): {phrase}</source>
        <translation>{name}（旁观）：{phrase}</translation>
    </message>
    <message>
        <source>Watching: {n}</source>
        <translation>旁观 {n}</translation>
    </message>
    <message>
        <source>No one is watching.</source>
        <translation>没有人旁观。</translation>
    </message>
    <message>
        <source>You are watching: you see what the whole table sees.</source>
        <translation>你在旁观：你看到的是全桌都能看到的内容。</translation>
    </message>
    <message>
        <source>Watch from</source>
        <translation>旁观视角</translation>
    </message>
    <message>
        <source>hand shown to watchers</source>
        <translation>手牌给旁观者看</translation>
    </message>
    <message>
        <source>Show my hand to watchers</source>
        <translation>让旁观者看我的手牌</translation>
    </message>
    <message>
        <source>Watching (旁观): you see what the whole table sees</source>
        <translation>旁观中：你看到的是全桌都能看到的内容</translation>
    </message>
    <message>
        <source>No course yet.</source>
        <translation>还没有走势。</translation>
    </message>
    <message>
        <source>after each trick</source>
        <translation>每轮之后</translation>
    </message>
    <message>
        <source>{when} · {mark} · {loss}</source>
        <translation>{when} · {mark} · {loss}</translation>
    </message>
    <message>
        <source>Played: {move} ({value})</source>
        <translation>实际：{move}（{value}）</translation>
    </message>
    <message>
        <source>Better: {move} ({value})</source>
        <translation>更好：{move}（{value}）</translation>
    </message>
    <message>
        <source>Analysis (复盘)</source>
        <translation>复盘</translation>
    </message>
    <message>
        <source>Quick</source>
        <translation>快速</translation>
    </message>
    <message>
        <source>A third of the time per decision; rougher estimates</source>
        <translation>每个决定只用三分之一的时间；估计较粗</translation>
    </message>
    <message>
        <source>decision %v of %m</source>
        <translation>第 %v / %m 个决定</translation>
    </message>
    <message>
        <source>Press Analyse to judge each decision of this hand.</source>
        <translation>按“复盘”评判这一局的每个决定。</translation>
    </message>
    <message>
        <source>Analysing hand {n} for {seat}…</source>
        <translation>正在为{seat}复盘第{n}局…</translation>
    </message>
    <message>
        <source>The table stays yours meanwhile.</source>
        <translation>复盘期间牌桌照常可用。</translation>
    </message>
    <message>
        <source>Hand {n} analysed for {seat}</source>
        <translation>第{n}局复盘（{seat}）</translation>
    </message>
    <message>
        <source>{n} decisions judged · mistakes: {m} · inaccuracies: {i}</source>
        <translation>评判了{n}个决定 · 失误：{m} · 疑问：{i}</translation>
    </message>
    <message>
        <source>Result of the hand: {value}</source>
        <translation>本局结果：{value}</translation>
    </message>
    <message>
        <source>No mistake found: every decision was good.</source>
        <translation>没有发现失误：每个决定都不错。</translation>
    </message>
    <message>
        <source>Hand {n}, {when}: {loss}</source>
        <translation>第{n}局，{when}：{loss}</translation>
    </message>
    <message>
        <source>The match&apos;s costliest decisions so far:</source>
        <translation>本场到目前代价最大的决定：</translation>
    </message>
    <message>
        <source>The invite code is mistyped: its checksum does not match. Check it, or ask the host to send it again.</source>
        <translation>邀请码有误：校验和不符。请检查，或请主机重新发送。</translation>
    </message>
    <message>
        <source>The invite code has expired: ask the host for a new one.</source>
        <translation>邀请码已过期：请向主机要一个新的。</translation>
    </message>
    <message>
        <source>The invite code is from another version of Shengji Desktop.</source>
        <translation>这个邀请码来自另一个版本的升级桌面版。</translation>
    </message>
    <message>
        <source>That is not a whole invite code: copy all of it from the host&apos;s message.</source>
        <translation>这不是完整的邀请码：请从主机的消息中完整复制。</translation>
    </message>
    <message>
        <source>The code&apos;s table: {addresses} (tried in this order); certificate fingerprint {fingerprint}; good until {until}. If no address answers, write the one the host tells you below.</source>
        <translation>邀请码中的桌：{addresses}（按此顺序尝试）；证书指纹 {fingerprint}；有效期到 {until}。如果这些地址都没有回应，请在下面填写主机告诉你的地址。</translation>
    </message>
    <message>
        <source>Port mapping made by the router ({how}): the internet reaches this table at {address}:{port}.</source>
        <translation>路由器已做端口映射（{how}）：互联网上可在 {address}:{port} 访问这张桌。</translation>
    </message>
    <message>
        <source>No port mapping could be made: forward TCP port {port} on your router to this computer by hand. Until then the code holds only the addresses this computer knows.</source>
        <translation>无法做端口映射：请在路由器上手动把 TCP 端口 {port} 转发到这台电脑。在此之前，邀请码里只有这台电脑自己知道的地址。</translation>
    </message>
    <message>
        <source>Invite code</source>
        <translation>邀请码</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Asking the router for a port mapping…</source>
        <translation>正在请路由器做端口映射…</translation>
    </message>
    <message>
        <source>QR code of the invite code</source>
        <translation>邀请码的二维码</translation>
    </message>
    <message>
        <source>No invite code could be made: {error}</source>
        <translation>无法生成邀请码：{error}</translation>
    </message>
    <message>
        <source>{n} characters (hyphens aside), good for {hours} h (until {until}); send it by any chat, or let a phone read the square.</source>
        <translation>共 {n} 个字符（不计连字符），{hours} 小时内有效（到 {until}）；用任何聊天工具发送，或用手机扫这个方码。</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Expert&apos;s time per move</source>
        <translation>大师每步思考时间</translation>
    </message>
    <message>
        <source>{n} seconds</source>
        <translation>{n} 秒</translation>
    </message>
    <message>
        <source>The expert computer player thinks up to this long about each move.</source>
        <translation>大师级电脑玩家每步最多思考这么久。</translation>
    </message>
</context>
<context>
    <name>i18n</name>
    <message>
        <source>New game</source>
        <translation>新游戏</translation>
    </message>
</context>
</TS>
