/* The C interface's own header, for the FuzzCInterface target: the functions are called exactly
   as C declares them, and linked from libCascadeC. */
#include "../../../../../Sources/CascadeC/include/cascade.h"
