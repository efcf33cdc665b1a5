; Inno Setup 6.3+ script for the Windows installer of numdesk.
; Build after PyInstaller (dist\numdesk\ must exist) and packaging\make_assets.py:
;     iscc /DAppVersion=0.1.0 packaging\windows\numdesk.iss
; Relative paths below are relative to this file (packaging\windows).
; The installer puts the one-folder bundle in Program Files (or the user's programs
; folder when installing just for them), adds a Start-menu entry, associates numdesk
; export files (.numdesk-json: opened with `numdesk.exe --import FILE`) and registers
; an uninstaller. The user's library lives in %LOCALAPPDATA%\numdesk and is never
; touched by the uninstaller: the app writes nothing into {app}, and nothing below is
; listed under [UninstallDelete].

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif

[Setup]
AppId={{6F0C3C5E-4C59-4E0B-9C39-7A1E5D2B9A41}
AppName=numdesk
AppVersion={#AppVersion}
AppPublisher=numdesk contributors
DefaultDirName={autopf}\numdesk
DefaultGroupName=numdesk
DisableProgramGroupPage=yes
OutputDir=..\..\dist
OutputBaseFilename=numdesk-{#AppVersion}-windows-setup
SetupIconFile=..\icons\numdesk.ico
UninstallDisplayIcon={app}\numdesk.exe
Compression=lzma2
SolidCompression=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
; Qt 6 runs on Windows 10 1809 and later
MinVersion=10.0.17763
PrivilegesRequiredOverridesAllowed=dialog
ChangesAssociations=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\numdesk\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\numdesk"; Filename: "{app}\numdesk.exe"
Name: "{group}\{cm:UninstallProgram,numdesk}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\numdesk"; Filename: "{app}\numdesk.exe"; Tasks: desktopicon

[Registry]
; HKA = HKLM for an all-users install, HKCU for a just-me install.
Root: HKA; Subkey: "Software\Classes\.numdesk-json"; ValueType: string; ValueName: ""; ValueData: "numdesk.export"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.numdesk-json\OpenWithProgids"; ValueType: string; ValueName: "numdesk.export"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\numdesk.export"; ValueType: string; ValueName: ""; ValueData: "numdesk export"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\numdesk.export\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\numdesk.exe,0"
Root: HKA; Subkey: "Software\Classes\numdesk.export\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\numdesk.exe"" --import ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\numdesk.exe\SupportedTypes"; ValueType: string; ValueName: ".numdesk-json"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\numdesk.exe"; Description: "{cm:LaunchProgram,numdesk}"; Flags: nowait postinstall skipifsilent
