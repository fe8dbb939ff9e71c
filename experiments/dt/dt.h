/* SPDX-License-Identifier: GPL-2.0 */
/*
 * experiments/dt/dt.h -- dt, the kit's one analysis tool, as a library:
 * the dt command (dt.c's main) and the claims runner (tools/dtclaims)
 * both call dt_run, so a claim's number and the command's are one code.
 */
#ifndef DT_H
#define DT_H

#include <stdio.h>

/* dt ARGV: prints to out; 0 (or a command's own status, e.g. ordered's
 * 1) on success. With err, a bad input returns 2 and its one line in err
 * (without err it is printed and dt exits 2, as the command does). */
int dt_run(int argc, char **argv, FILE *out, char *err, size_t errlen);
/* when set, dt opens its data files through it (the runner's cache) */
extern FILE *(*dt_open_hook)(const char *path);

#endif
