; Inno Setup script: the Windows installer of Shengji Desktop, made by the release workflow
; (.github/workflows/release.yml) from the one-folder app that `pyinstaller build.spec` leaves
; in "dist\Shengji Desktop". Compile from the repository root:
;     ISCC.exe /DAppVersion=0.1.0 installer\shengji-desktop.iss
; The installer lands in dist\installer. It installs for the current user without asking for
; administrator rights (or for all users, if the user chooses so and can), adds a Start menu
; entry and, on request, a desktop shortcut, and removes everything on uninstall.

#define AppName "Shengji Desktop"
#define AppExe "shengji-desktop.exe"
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif

[Setup]
AppId={{6A3F0C52-7D1B-4C8E-9B6A-2E5D41C7F903}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=shengji-desktop
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
ArchitecturesAllowed=x64
ArchitecturesInstallIn64BitMode=x64
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
OutputDir=..\dist\installer
OutputBaseFilename=Shengji-Desktop-{#AppVersion}-windows-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\dist\Shengji Desktop\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
