// CascadeCHeader has no code: it exists so that Swift can import Sources/CascadeC/include/cascade.h
// (see include/module.modulemap). Compiling the header here also checks it as C.
#include "../CascadeC/include/cascade.h"
