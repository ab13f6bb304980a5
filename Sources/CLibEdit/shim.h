// libedit's native API (Debian: libedit-dev). Only CLineEditor uses it directly.
#include <stdio.h>
#include <histedit.h>
