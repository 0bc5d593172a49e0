// The threaded timing of the small OpenCL tools of this folder (link with -lpthread):
// a body run on several threads from one start, timed as a whole.
#ifndef CLX_PERF_CL_TOOL_THREADS_H
#define CLX_PERF_CL_TOOL_THREADS_H

#include "cl_tool.h"

#include <pthread.h>

#define MAX_TOOL_THREADS 8

typedef void (*ThreadBody)(int thread, void* arg);

struct ThreadStart
{
    ThreadBody body;
    void* arg;
    int thread;
    pthread_barrier_t* start;
};

static inline void* runThreadBody(void* p)
{
    struct ThreadStart* s = p;
    pthread_barrier_wait(s->start);
    s->body(s->thread, s->arg);
    return NULL;
}

// Median host time in us, over `runs` rounds after one not counted, of body(i, arg)
// for i = 0 .. threads - 1 (at most MAX_TOOL_THREADS), each on a thread of its own,
// all released at once.
static inline double medianOfThreadRounds(int runs, int threads, ThreadBody body, void* arg)
{
    double* t = malloc(sizeof(double) * runs);
    for (int r = -1; r < runs; r++)
    {
        pthread_barrier_t start;
        pthread_barrier_init(&start, NULL, threads);
        struct ThreadStart starts[MAX_TOOL_THREADS];
        pthread_t handles[MAX_TOOL_THREADS];
        const double t0 = nowUs();
        for (int i = 0; i < threads; i++)
        {
            starts[i] = (struct ThreadStart){ body, arg, i, &start };
            pthread_create(&handles[i], NULL, runThreadBody, &starts[i]);
        }
        for (int i = 0; i < threads; i++)
            pthread_join(handles[i], NULL);
        if (r >= 0)
            t[r] = nowUs() - t0;
        pthread_barrier_destroy(&start);
    }
    const double m = median(t, runs);
    free(t);
    return m;
}

#endif
