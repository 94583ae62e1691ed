#include "FuzzSupport.h"
#include <stdlib.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

void cascade_fuzz_run(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size)) {
  exit(LLVMFuzzerRunDriver(&argc, &argv, callback));
}
