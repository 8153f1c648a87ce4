// Only the declaration in include/CFuzzer.h: libFuzzer (linked into the fuzz executables) defines it.
#include "CFuzzer.h"
