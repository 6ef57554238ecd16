# miniaudio's compiled module (_miniaudio) imports cffi's C backend from C, where PyInstaller's
# analysis cannot see it; without it the frozen app cannot load miniaudio (the self-test's
# "sound" check says so).
hiddenimports = ["_cffi_backend"]
