import SQLshShell
