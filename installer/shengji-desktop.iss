; Inno Setup script (Inno Setup 6.3 or newer): the Windows installer of Shengji Desktop, made
; by the release workflow (.github/workflows/release.yml) from the one-folder app that
; `pyinstaller build.spec` leaves in "dist\Shengji Desktop". Compile from the repository root:
;     ISCC.exe installer\shengji-desktop.iss
; The version is the exe's own (its VERSIONINFO, which build.spec makes from __version__);
; /DAppVersion=X.Y.Z may be given too, and must then be the same. The installer lands in
; dist\installer. The script is plain ASCII (Inno reads a script without a BOM as ANSI).
;
; What it does: installs for the current user without asking for administrator rights (or for
; all users, if the user chooses so and can), adds a Start menu entry and, on request, a
; desktop shortcut. Installed for all users (elevated), it also offers, unticked, to add a
; Windows Defender Firewall rule that lets the program accept LAN players on private networks;
; otherwise Windows asks the first time a table is hosted.
;
; What the uninstaller removes: the program's folder, its shortcuts, and the firewall rule if
; the installer added it. The player's data stays unless the player says otherwise: the
; uninstaller asks (the answer "No" is the default, and a silent uninstall keeps it unless
; /REMOVEDATA=yes is given) whether to remove the saved game, the hosted table, the rest of the
; folder %LOCALAPPDATA%\shengji-desktop and the settings in the registry
; (HKEY_CURRENT_USER\Software\shengji-desktop). That is the data of the Windows account that
; runs the uninstaller; other accounts' data stays where it is.

#define AppName "Shengji Desktop"
#define AppExe "shengji-desktop.exe"
; (no backslash right before a closing quote: ISPP could read it as an escape)
#define AppExePath AddBackslash(SourcePath + "..\dist\Shengji Desktop") + AppExe
#define DataFolder "shengji-desktop"
#define SettingsKey "Software\shengji-desktop"
#define FirewallRule "Shengji Desktop (LAN tables)"

#if !FileExists(AppExePath)
  #error Build the app first (pyinstaller build.spec): the exe is not in dist\Shengji Desktop
#endif
#define ExeVersion GetStringFileInfo(AppExePath, "ProductVersion")
#define ExeVersionNumbers GetVersionNumbersString(AppExePath)
#if ExeVersion == ""
  #error The exe has no version resource (build.spec gives it one from __version__)
#endif
#ifndef AppVersion
  #define AppVersion ExeVersion
#endif
#if AppVersion != ExeVersion
  #error /DAppVersion differs from the version of the exe in dist\Shengji Desktop
#endif

[Setup]
AppId={{6A3F0C52-7D1B-4C8E-9B6A-2E5D41C7F903}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=shengji-desktop
AppCopyright=Copyright (c) the shengji-desktop authors. MIT License.
; The setup program's own version resource, the same version as the exe's.
VersionInfoVersion={#ExeVersionNumbers}
VersionInfoProductVersion={#ExeVersionNumbers}
VersionInfoProductTextVersion={#AppVersion}
VersionInfoDescription={#AppName} {#AppVersion} setup
VersionInfoProductName={#AppName}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
; x64 Windows, and Windows 11 on ARM, which runs x64 programs.
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
; Windows 10 or newer (what PySide6 6.11 supports).
MinVersion=10.0
SetupIconFile=..\resources\icon.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
OutputDir=..\dist\installer
OutputBaseFilename=Shengji-Desktop-{#AppVersion}-windows-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[CustomMessages]
english.FirewallTask=Let LAN players join tables hosted here (Windows Defender Firewall rule for private networks)
english.FirewallGroup=LAN play:
english.FirewallStatus=Adding the firewall rule...
english.RemoveData=Also remove your saved game, the hosted table and the settings of {#AppName}?%n%nThey are in %1 and in the registry (HKEY_CURRENT_USER\{#SettingsKey}). Choose No to keep them for a later installation.

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
; Offered only when installing elevated (for all users), never ticked by default.
Name: "firewall"; Description: "{cm:FirewallTask}"; GroupDescription: "{cm:FirewallGroup}"; Flags: unchecked; Check: IsAdminInstallMode

[Files]
Source: "..\dist\Shengji Desktop\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
; The firewall rule (the task above): an older one of the same name goes first.
Filename: "{sys}\netsh.exe"; Parameters: "advfirewall firewall delete rule name=""{#FirewallRule}"""; Flags: runhidden; Tasks: firewall
Filename: "{sys}\netsh.exe"; Parameters: "advfirewall firewall add rule name=""{#FirewallRule}"" dir=in action=allow program=""{app}\{#AppExe}"" enable=yes profile=private"; StatusMsg: "{cm:FirewallStatus}"; Flags: runhidden; Tasks: firewall
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[UninstallRun]
; Recorded only if the firewall task ran at install time.
Filename: "{sys}\netsh.exe"; Parameters: "advfirewall firewall delete rule name=""{#FirewallRule}"""; Flags: runhidden; RunOnceId: "DeleteFirewallRule"; Tasks: firewall

[Code]
function RemovePlayerData(): Boolean;
var
  Folder: String;
begin
  Folder := ExpandConstant('{localappdata}\{#DataFolder}');
  if UninstallSilent then
    Result := CompareText(ExpandConstant('{param:REMOVEDATA|no}'), 'yes') = 0
  else
    Result := MsgBox(FmtMessage(CustomMessage('RemoveData'), [Folder]),
      mbConfirmation, MB_YESNO or MB_DEFBUTTON2) = IDYES;
end;

procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
begin
  if (CurUninstallStep = usPostUninstall) and RemovePlayerData() then
  begin
    DelTree(ExpandConstant('{localappdata}\{#DataFolder}'), True, True, True);
    RegDeleteKeyIncludingSubkeys(HKEY_CURRENT_USER, '{#SettingsKey}');
  end;
end;
