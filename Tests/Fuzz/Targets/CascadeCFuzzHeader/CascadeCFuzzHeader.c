/* Declarations only: see include/CascadeCFuzzHeader.h. */
#include "CascadeCFuzzHeader.h"
