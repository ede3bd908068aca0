/* Times PhotoStack's format shims on one file each: the decode the thumbnail pipeline runs for a 512 px
 * thumbnail (target longest side 512, default pixel budget), single-threaded, in-memory input. Built and run by
 * scripts/bench-formats.sh against the shims' own sources. Prints one JSON object per file.
 * Usage: bench_formats RUNS FORMAT:FILE... (FORMAT: jpeg webp heif gif tiff raw). RUNS 0: one decode, no
 * warm-up (for callgrind). */
#include "jpeg_shim.h"
#include "ps_decode_out.h"
#include "ps_gif.h"
#include "ps_heif.h"
#include "ps_raw.h"
#include "ps_tiff.h"
#include "ps_webp.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The JPEG path as ImageDecoder runs it for a thumbnail: DCT scale covering 512, box-downscaled to 512. */
static int jpeg_thumb(const uint8_t *data, size_t length, int *width, int *height) {
    ps_jpeg_options options;
    ps_jpeg_default_options(&options);
    options.target_longest_side = 512;
    options.downscale_longest_side = 512;
    ps_jpeg_result result;
    int code = ps_jpeg_decode_memory(data, length, &options, &result);
    if (code != PS_JPEG_OK) { fprintf(stderr, "jpeg: %s\n", result.message); return code; }
    *width = result.width; *height = result.height;
    if (result.pixels_mapped) ps_jpeg_unmap_pixels(result.pixels, (size_t)result.stride * result.height);
    else ps_jpeg_free(result.pixels);
    return 0;
}

static int library_thumb(const char *format, const uint8_t *data, size_t length, int *width, int *height) {
    if (!strcmp(format, "jpeg")) return jpeg_thumb(data, length, width, height);
    ps_decode_options options;
    ps_decode_default_options(&options);
    options.target_longest_side = 512;
    ps_decode_result result;
    int code;
    if (!strcmp(format, "webp")) code = ps_webp_decode(data, length, &options, &result);
    else if (!strcmp(format, "heif")) code = ps_heif_decode(data, length, &options, &result);
    else if (!strcmp(format, "gif")) code = ps_gif_decode(data, length, &options, &result);
    else if (!strcmp(format, "tiff")) code = ps_tiff_decode(data, length, &options, &result);
    else if (!strcmp(format, "raw")) code = ps_raw_decode(data, length, &options, &result);
    else { fprintf(stderr, "unknown format %s\n", format); return -1; }
    if (code != PS_DECODE_OK) { fprintf(stderr, "%s: %s\n", format, result.message); return code; }
    *width = result.width; *height = result.height;
    if (result.encoded) code = jpeg_thumb(result.encoded, result.encoded_length, width, height); /* RAW preview */
    ps_decode_free(result.pixels);
    ps_decode_free(result.encoded);
    return code;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s RUNS FORMAT:FILE...\n", argv[0]); return 2; }
    int runs = atoi(argv[1]), warm_up = runs > 0;
    if (runs < 1) runs = 1;
    for (int i = 2; i < argc; i++) {
        char *colon = strchr(argv[i], ':');
        if (!colon) { fprintf(stderr, "expected FORMAT:FILE, got %s\n", argv[i]); return 2; }
        *colon = 0;
        const char *format = argv[i], *path = colon + 1;
        FILE *file = fopen(path, "rb");
        if (!file) { perror(path); return 1; }
        fseek(file, 0, SEEK_END);
        long length = ftell(file);
        rewind(file);
        uint8_t *data = malloc((size_t)length);
        if (!data || fread(data, 1, (size_t)length, file) != (size_t)length) { perror(path); return 1; }
        fclose(file);
        double *times = malloc(sizeof(double) * (size_t)runs);
        int width = 0, height = 0;
        if (warm_up && library_thumb(format, data, (size_t)length, &width, &height) != 0) return 1;
        for (int r = 0; r < runs; r++) {
            double start = now_ms();
            if (library_thumb(format, data, (size_t)length, &width, &height) != 0) return 1;
            times[r] = now_ms() - start;
        }
        qsort(times, (size_t)runs, sizeof(double), compare);
        const char *name = strrchr(path, '/');
        printf("{\"file\": \"%s\", \"format\": \"%s\", \"bytes\": %ld, \"thumbnail\": \"%dx%d\", \"runs\": %d, "
               "\"median_ms\": %.2f, \"min_ms\": %.2f, \"max_ms\": %.2f}\n",
               name ? name + 1 : path, format, length, width, height, runs, times[runs / 2], times[0], times[runs - 1]);
        fflush(stdout);
        free(times);
        free(data);
    }
    return 0;
}
