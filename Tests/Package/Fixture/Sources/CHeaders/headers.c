#include "headers.h"
int headers(void) { return 1; }
