#include "headers.h"
#include <stdint.h>
int user(void) { return headers(); }
