"""LAN play without Qt: the wire protocol, the host (the only referee), the client, discovery.

Modules: ``protocol`` (messages, framing, strict decoding), ``transport`` (the host's
connections and limits), ``lobby`` (seats, names, tokens, hello/ready), ``watchers`` (旁观:
people watching without a seat), ``referee`` (runs the match with the engine's ``Table``),
``persistence`` (the table file), ``host`` (``TableHost``, which puts those together),
``client`` (a seat's or a watcher's connection; ``AISeat``), ``headless`` (the ``host``/``join``
commands), ``discovery`` (mDNS), ``bench`` and ``bench_crowd`` (``bench net``), ``settings``.

Wire (``protocol``, version 5): TCP, one JSON object per line, tagged by ``"t"``, at most 64 KiB
from a client (refused before parsing), validated by msgspec schemas; protocol version in the
hello. Actions, events and views are the engine's JSON (``engine.codec``).

Client -> host: ``hello {version, name, token?, seat?, watch?}``, ``ready {ready}``,
``act {action: codec.action_json(action), ref?}``, ``sync``, ``ping``, ``leave``,
``autoplay {on, level}``, ``chat {phrase}``, ``shoulder {allow}`` (a seat lets watchers see
its hand), ``look {seat}`` (a watcher watches from behind that seat).
Host -> client: ``welcome {seat, token, watching?}``, ``lobby {seats, started, watchers, ...}``,
``update {seq, events, view, resync, ref?}`` (events cut for the seat by ``view.event_for``, the
view ``seat_view(match, seat)``, both as ``codec`` JSON, so a client holds only what its seat
may know), ``error {code, message, reason?, rule?, ref?, fatal}`` (``illegal``: the rules'
reason and rule; nothing changed), ``said {seat, phrase, watcher?}``, ``bye {reason,
summary}``, ``pong``.

Watchers (旁观, at most 8): ``hello {watch: true, seat}``; their updates hold the events cut by
``view.watcher_event`` and the view of ``view.watcher_view`` from the seat they watch from
(``update.shoulder`` names the seat whose hand it holds, while its player allows it). They
never act (``error watching``), their phrases reach only watchers while a hand is on, and the
table file never holds them.

Hosting (asyncio; the GUI runs this on a worker thread with its own loop). Computer seats come
from the caller's seat factory (``ai.make_player``; net never imports ai)::

    host = TableHost(Game.DL, options, seed, ["open", "hard", "open", "normal"],
                     HostSettings(standin_after=30), save_path=path, listener=my_listener,
                     make_player=make_player)
    port = await host.start("0.0.0.0", 0)
    ad = Advertiser(host.settings.table_name, port, "dl", host.free_seats()); await ad.start()
    host.start_match(fill_with="normal")   # the host's "start" button; or wait for all ready
    summary = await host.finished(); await host.close(); await ad.close()

``HostListener`` callbacks (on_log, on_lobby, on_events, on_finished) run on the host loop.
The person hosting plays through a ``TableClient`` connected to 127.0.0.1 like everyone else.
``TableHost.resume(path, settings, listener, make_player)`` restarts a saved table; players
come back with their tokens.

Joining::

    client = TableClient(address, port, "名字", token=saved_token, listener=my_listener)
    threaded = ThreadedClient(client); threaded.start()      # callbacks on the client thread
    threaded.send_action(action); threaded.set_ready(True); threaded.stop()

``ClientListener`` callbacks: on_connection(connected, detail), on_welcome (keep the token),
on_lobby, ``on_update(update, events, view)`` (typed: animate the ``Event``s, then redraw from
the ``SeatView``; ``view.legal`` non-empty outside the deal means it is this seat's turn),
on_error, on_bye. A dropped connection is retried with the token; the host resyncs the whole
view. A host message the client cannot read ends ``run()`` with ``ClientClosed``.

Finding tables: ``await discovery.browse(timeout)`` (or ``browse_tables`` without a loop)
returns ``FoundTable(name, address, port, game, free, version)``.
"""
