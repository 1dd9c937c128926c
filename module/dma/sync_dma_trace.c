// SPDX-License-Identifier: GPL-2.0
/* sync_dma_trace.c - instantiates the sync_dma tracepoints (sync_dma_trace.h). */
#define CREATE_TRACE_POINTS
#include "sync_dma_trace.h"
