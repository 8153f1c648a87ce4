#ifndef FOUNDRY_CFUZZER_H
#define FOUNDRY_CFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for a program whose `main` is its own (libFuzzer's `main` calls this too).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
