#ifndef CASCADE_FUZZ_SUPPORT_H
#define CASCADE_FUZZ_SUPPORT_H
#include <stddef.h>
#include <stdint.h>

/* Runs libFuzzer with the process's arguments and `callback` as LLVMFuzzerTestOneInput, then
   exits with its status. SwiftPM links an executable with its own entry point, so a fuzz target
   has a main.swift that calls this rather than relying on libFuzzer's main. */
void cascade_fuzz_run(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size));

#endif
