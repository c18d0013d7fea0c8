// Only the declaration of CFuzzDriver.h is needed; SwiftPM wants a source file in a C target.
#include "CFuzzDriver.h"
