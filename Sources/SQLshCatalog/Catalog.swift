import SQLshCore
