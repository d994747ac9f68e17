// A deflate encoder specialised for filtered PNG rows: one dynamic-Huffman block of literals and
// distance-1 runs (the same kind of stream as zlib's Z_RLE strategy), wrapped as a zlib stream.
//
// Why this exists: zlib spends about 1.5 ms on one up-filtered 256x192 16-bit depth map at level 1
// with Z_RLE (its general block machinery, per-symbol tallies and per-block tree building); this
// encoder makes the same class of stream (within a fraction of a percent in size) in two tight passes:
// runs and histogram, then bits (the literals read again from the input). Its output is an ordinary
// zlib stream that any inflater reads; it is deterministic (ties in the Huffman construction broken by
// symbol number). The first pass finds the runs 32 positions at a time with SIMDe (Debian's
// libsimde-dev, the project's portable vector layer: AVX2 byte compares on the release build's target).
#include "run_length_deflate.h"

#include <stdlib.h>
#include <string.h>

#include <simde/x86/avx2.h>

enum { LITLEN_SYMBOLS = 286, CODELEN_SYMBOLS = 19, END_OF_BLOCK = 256, MIN_RUN = 4, MAX_RUN = 258 };

typedef struct {
    uint32_t key;  // frequency, then (in place) the code length
    uint16_t symbol;
} symbol_frequency;

// Sorts `n` (at most LITLEN_SYMBOLS) symbols by frequency, ties by symbol number: a bottom-up merge sort
// of 64-bit keys (frequency << 16 | symbol, all distinct), about four times faster than qsort with a
// comparison callback on these few hundred symbols, which every PNG's two codes sort.
static void sort_by_frequency(symbol_frequency *a, int n) {
    uint64_t keys[2][LITLEN_SYMBOLS];
    for (int i = 0; i < n; i++) keys[0][i] = (uint64_t)a[i].key << 16 | a[i].symbol;
    int from = 0;
    for (int width = 1; width < n; width *= 2, from ^= 1) {
        const uint64_t *in = keys[from];
        uint64_t *out = keys[from ^ 1];
        for (int start = 0; start < n; start += 2 * width) {
            int i = start, mid = start + width < n ? start + width : n, j = mid;
            const int end = start + 2 * width < n ? start + 2 * width : n;
            int k = start;
            while (i < mid && j < end) out[k++] = in[i] < in[j] ? in[i++] : in[j++];
            while (i < mid) out[k++] = in[i++];
            while (j < end) out[k++] = in[j++];
        }
    }
    for (int i = 0; i < n; i++) a[i] = (symbol_frequency){(uint32_t)(keys[from][i] >> 16), (uint16_t)(keys[from][i] & 0xFFFF)};
}

// Moffat and Katajainen's in-place minimum-redundancy code lengths over frequencies sorted ascending.
static void minimum_redundancy(symbol_frequency *a, int n) {
    if (n == 1) { a[0].key = 1; return; }
    a[0].key += a[1].key;
    int root = 0, leaf = 2;
    for (int next = 1; next < n - 1; next++) {
        if (leaf >= n || a[root].key < a[leaf].key) { a[next].key = a[root].key; a[root++].key = (uint32_t)next; }
        else a[next].key = a[leaf++].key;
        if (leaf >= n || (root < next && a[root].key < a[leaf].key)) { a[next].key += a[root].key; a[root++].key = (uint32_t)next; }
        else a[next].key += a[leaf++].key;
    }
    a[n - 2].key = 0;
    for (int next = n - 3; next >= 0; next--) a[next].key = a[a[next].key].key + 1;
    int available = 1, used = 0, depth = 0, root2 = n - 2, next = n - 1;
    while (available > 0) {
        while (root2 >= 0 && (int)a[root2].key == depth) { used++; root2--; }
        while (available > used) { a[next--].key = (uint32_t)depth; available--; }
        available = 2 * used;
        depth++;
        used = 0;
    }
}

// Code lengths (at most max_length bits) for `count` symbols' frequencies, and their canonical codes
// with the bits reversed (deflate sends Huffman codes from their first bit into an LSB-first stream).
// At least two symbols get a length, so that every code is complete.
static void build_code(const uint32_t *frequency, int count, int max_length, uint8_t *length, uint16_t *code) {
    symbol_frequency sorted[LITLEN_SYMBOLS];
    int used = 0;
    for (int s = 0; s < count; s++) {
        length[s] = 0;
        if (frequency[s] > 0) sorted[used++] = (symbol_frequency){frequency[s], (uint16_t)s};
    }
    for (int s = 0; used < 2 && s < count; s++) {
        if (frequency[s] == 0) sorted[used++] = (symbol_frequency){0, (uint16_t)s};
    }
    sort_by_frequency(sorted, used);
    minimum_redundancy(sorted, used);
    int codes_of_length[33] = {0};
    for (int i = 0; i < used; i++) codes_of_length[sorted[i].key < 32 ? sorted[i].key : 32]++;
    // Lengths beyond the limit folded into it, then the Kraft sum restored (as miniz does).
    for (int l = max_length + 1; l <= 32; l++) { codes_of_length[max_length] += codes_of_length[l]; codes_of_length[l] = 0; }
    uint32_t total = 0;
    for (int l = max_length; l > 0; l--) total += (uint32_t)codes_of_length[l] << (max_length - l);
    while (total != (1u << max_length)) {
        codes_of_length[max_length]--;
        for (int l = max_length - 1; l > 0; l--) {
            if (codes_of_length[l]) { codes_of_length[l]--; codes_of_length[l + 1] += 2; break; }
        }
        total--;
    }
    for (int l = 1, j = used; l <= max_length; l++) {
        for (int k = codes_of_length[l]; k > 0; k--) length[sorted[--j].symbol] = (uint8_t)l;
    }
    uint32_t next_code[17] = {0}, c = 0;
    codes_of_length[0] = 0;
    for (int l = 1; l <= max_length; l++) { c = (c + (uint32_t)codes_of_length[l - 1]) << 1; next_code[l] = c; }
    for (int s = 0; s < count; s++) {
        int l = length[s];
        if (l == 0) { code[s] = 0; continue; }
        uint32_t v = next_code[l]++, r = 0;
        for (int b = 0; b < l; b++) { r = (r << 1) | (v & 1); v >>= 1; }
        code[s] = (uint16_t)r;
    }
}

typedef struct {
    uint64_t bits;
    int count;
    unsigned char *out;
} bit_writer;

static inline void put_bits(bit_writer *w, uint32_t value, int n) {
    w->bits |= (uint64_t)value << w->count;
    w->count += n;
    if (w->count >= 32) {
        uint32_t word = (uint32_t)w->bits;
        w->out[0] = (unsigned char)word; w->out[1] = (unsigned char)(word >> 8);
        w->out[2] = (unsigned char)(word >> 16); w->out[3] = (unsigned char)(word >> 24);
        w->out += 4;
        w->bits >>= 32;
        w->count -= 32;
    }
}

static void flush_bits(bit_writer *w) {
    while (w->count > 0) { *w->out++ = (unsigned char)w->bits; w->bits >>= 8; w->count -= 8; }
    w->count = 0;
    w->bits = 0;
}

// Adler-32 (RFC 1950) of `n` bytes: per 32 bytes, b += 32 a + the bytes weighted 32 ... 1 and a += their
// sum, which compilers vectorise; reduced modulo 65521 every 5,536 bytes (zlib's NMAX 5,552 rounded
// down to whole 32-byte steps), before the sums could overflow.
static uint32_t adler32_of(const unsigned char *p, size_t n) {
    uint32_t a = 1, b = 0;
    while (n > 0) {
        size_t block = n < 5536 ? n : 5536;
        n -= block;
        for (; block >= 32; block -= 32, p += 32) {
            uint32_t sum = 0, weighted = 0;
            for (int k = 0; k < 32; k++) {
                sum += p[k];
                weighted += (uint32_t)(32 - k) * p[k];
            }
            b += 32 * a + weighted;
            a += sum;
        }
        for (; block > 0; block--) {
            a += *p++;
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    return b << 16 | a;
}

// Stores the whole 64-bit word at `*o` and moves `*o` past the whole bytes of its `*filled` bits, keeping the
// rest (fewer than 8) in the word.
static inline void store_whole_bytes(unsigned char **o, uint64_t *bits, int *filled) {
    memcpy(*o, bits, 8);
    const int bytes = *filled >> 3;
    *o += bytes;
    *bits >>= bytes * 8;
    *filled &= 7;
}

// Adds `count` bytes to eight histograms, one per byte of each eight, so that the counts of common bytes
// (such as the high bytes of 16-bit samples) do not wait on each other.
static inline void count_literals(uint32_t tables[8][256], const unsigned char *b, size_t count) {
    size_t k = 0;
    for (; k + 8 <= count; k += 8) {
        tables[0][b[k]]++; tables[1][b[k + 1]]++; tables[2][b[k + 2]]++; tables[3][b[k + 3]]++;
        tables[4][b[k + 4]]++; tables[5][b[k + 5]]++; tables[6][b[k + 6]]++; tables[7][b[k + 7]]++;
    }
    for (; k < count; k++) tables[k & 7][b[k]]++;
}

static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                         35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                         3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};

size_t cpng_run_length_deflate_bound(size_t n) {
    // Stored blocks: 5 bytes per 65535 and the zlib header and trailer; and 16 bytes of room for the
    // bit writer's whole-word stores.
    return n + 5 * (n / 65535 + 1) + 6 + 16;
}

static size_t write_stored(const unsigned char *data, size_t n, unsigned char *out) {
    unsigned char *p = out;
    size_t at = 0;
    do {
        size_t chunk = n - at < 65535 ? n - at : 65535;
        *p++ = (at + chunk == n) ? 1 : 0;
        p[0] = (unsigned char)chunk; p[1] = (unsigned char)(chunk >> 8);
        p[2] = (unsigned char)~chunk; p[3] = (unsigned char)(~chunk >> 8);
        p += 4;
        memcpy(p, data + at, chunk);
        p += chunk;
        at += chunk;
    } while (at < n);
    return (size_t)(p - out);
}

int cpng_run_length_deflate(const unsigned char *data, size_t n, unsigned char *out, size_t capacity, size_t *written) {
    if (capacity < cpng_run_length_deflate_bound(n) || n > 0xFFFFFFFFu) return -1;
    // The runs, in order: where each starts and its token (length code << 5 | the length's extra bits,
    // and its length in the top bits); the bytes between runs are literals, read again from `data` when
    // the bits are written. A run takes at least MIN_RUN bytes after a literal, so there are fewer than
    // n / MIN_RUN + 1 of them.
    typedef struct { uint32_t start; uint32_t token; } run_token;
    run_token *runs = malloc((n / MIN_RUN + 2) * sizeof *runs);
    if (runs == NULL) return -2;
    uint8_t run_code[MAX_RUN + 1];
    for (int code = 0, len = 3; len <= MAX_RUN; len++) {
        while (code < 28 && length_base[code + 1] <= len) code++;
        run_code[len] = (uint8_t)code;
    }

    // Pass 1: the runs (at least MIN_RUN copies of the byte before them) and the literal/length histogram.
    // A run starts at the first i (from the end of the last run; the first byte is always a literal) whose
    // byte and the three after it equal the byte before i: 32 positions are tested at a time, from two
    // 32-byte comparisons of the bytes with their predecessors (bit j of `equal`: byte i + j equals byte
    // i + j - 1), where four set bits in a row start a run. The rest is tested byte by byte. The bytes
    // before a run's start are literals.
    uint32_t frequency[LITLEN_SYMBOLS] = {0};
    uint32_t literal_frequency[8][256] = {{0}};
    if (n > 0) literal_frequency[0][data[0]]++;
    size_t run_count = 0, i = 1;
    while (i < n) {
        size_t start;
        if (i + 64 <= n) {
            const simde__m256i here = simde_mm256_loadu_si256((const simde__m256i *)(const void *)(data + i));
            const simde__m256i before = simde_mm256_loadu_si256((const simde__m256i *)(const void *)(data + i - 1));
            const simde__m256i here2 = simde_mm256_loadu_si256((const simde__m256i *)(const void *)(data + i + 32));
            const simde__m256i before2 = simde_mm256_loadu_si256((const simde__m256i *)(const void *)(data + i + 31));
            const uint64_t equal = (uint64_t)(uint32_t)simde_mm256_movemask_epi8(simde_mm256_cmpeq_epi8(here, before))
                | (uint64_t)(uint32_t)simde_mm256_movemask_epi8(simde_mm256_cmpeq_epi8(here2, before2)) << 32;
            const uint64_t starts = equal & equal >> 1 & equal >> 2 & equal >> 3 & 0xFFFFFFFFull;
            if (starts == 0) {
                count_literals(literal_frequency, data + i, 32);
                i += 32;
                continue;
            }
            start = i + (size_t)__builtin_ctzll(starts);
            count_literals(literal_frequency, data + i, start - i);
        } else {
            uint32_t word = 0;
            if (i + MIN_RUN <= n) memcpy(&word, data + i, 4);
            if (i + MIN_RUN > n || word != data[i - 1] * 0x01010101u) {
                literal_frequency[0][data[i]]++;
                i++;
                continue;
            }
            start = i;
        }
        i = start;
        size_t run = MIN_RUN;
        const unsigned char previous = data[i - 1];
        const uint64_t pattern = previous * 0x0101010101010101ull;
        while (run + 8 <= MAX_RUN && i + run + 8 <= n) {
            uint64_t eight;
            memcpy(&eight, data + i + run, 8);
            const uint64_t differing = eight ^ pattern;
            if (differing) { run += (size_t)__builtin_ctzll(differing) >> 3; goto run_found; }
            run += 8;
        }
        while (run < MAX_RUN && i + run < n && data[i + run] == previous) run++;
    run_found:;
        const int code = run_code[run];
        frequency[257 + code]++;
        runs[run_count++] = (run_token){(uint32_t)i, (uint32_t)run << 16 | (unsigned)code << 5 | (unsigned)(run - length_base[code])};
        i += run;
    }
    for (int s = 0; s < 256; s++) {
        frequency[s] = literal_frequency[0][s] + literal_frequency[1][s] + literal_frequency[2][s] + literal_frequency[3][s]
            + literal_frequency[4][s] + literal_frequency[5][s] + literal_frequency[6][s] + literal_frequency[7][s];
    }
    frequency[END_OF_BLOCK] = 1;

    uint8_t length[LITLEN_SYMBOLS + 1];
    uint16_t code[LITLEN_SYMBOLS];
    build_code(frequency, LITLEN_SYMBOLS, 15, length, code);
    int literal_codes = LITLEN_SYMBOLS;
    while (literal_codes > 257 && length[literal_codes - 1] == 0) literal_codes--;
    length[literal_codes] = 1;  // the one distance code (distance 1), one bit long

    // The code lengths, run-length coded with symbols 16 (repeat the previous 3-6 times), 17 (3-10
    // zeros) and 18 (11-138 zeros).
    const int all_lengths = literal_codes + 1;
    uint16_t length_tokens[LITLEN_SYMBOLS + 1];
    int length_token_count = 0;
    uint32_t length_frequency[CODELEN_SYMBOLS] = {0};
    for (int at = 0; at < all_lengths;) {
        const int v = length[at];
        int run = 1;
        while (at + run < all_lengths && length[at + run] == v) run++;
        at += run;
        if (v == 0) {
            while (run >= 11) { int r = run < 138 ? run : 138; length_tokens[length_token_count++] = (uint16_t)(18 | (r - 11) << 5); length_frequency[18]++; run -= r; }
            if (run >= 3) { length_tokens[length_token_count++] = (uint16_t)(17 | (run - 3) << 5); length_frequency[17]++; run = 0; }
        } else {
            length_tokens[length_token_count++] = (uint16_t)v; length_frequency[v]++; run--;
            while (run >= 3) { int r = run < 6 ? run : 6; length_tokens[length_token_count++] = (uint16_t)(16 | (r - 3) << 5); length_frequency[16]++; run -= r; }
        }
        while (run-- > 0) { length_tokens[length_token_count++] = (uint16_t)v; length_frequency[v]++; }
    }
    uint8_t length_length[CODELEN_SYMBOLS];
    uint16_t length_code[CODELEN_SYMBOLS];
    build_code(length_frequency, CODELEN_SYMBOLS, 7, length_length, length_code);
    static const uint8_t order[CODELEN_SYMBOLS] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int length_codes = CODELEN_SYMBOLS;
    while (length_codes > 4 && length_length[order[length_codes - 1]] == 0) length_codes--;

    // The block's size in bits, known before writing: stored blocks when they are smaller.
    static const uint8_t repeat_extra[3] = {2, 3, 7};
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)length_codes;
    for (int t = 0; t < length_token_count; t++) {
        const int s = length_tokens[t] & 31;
        bits += length_length[s] + (s >= 16 ? repeat_extra[s - 16] : 0);
    }
    for (int s = 0; s < LITLEN_SYMBOLS; s++) {
        bits += (uint64_t)frequency[s] * (length[s] + (s > 256 ? length_extra[s - 257] + 1 : 0));
    }
    unsigned char *p = out;
    *p++ = 0x78;  // deflate, 32 KiB window
    *p++ = 0x01;  // fastest-level hint; (0x78 << 8 | 0x01) is a multiple of 31
    if ((bits + 7) / 8 >= n + 5 * (n / 65535 + 1)) {
        p += write_stored(data, n, p);
    } else {
        bit_writer w = {0, 0, p};
        put_bits(&w, 1, 1);  // final block
        put_bits(&w, 2, 2);  // dynamic Huffman codes
        put_bits(&w, (uint32_t)(literal_codes - 257), 5);
        put_bits(&w, 0, 5);  // one distance code
        put_bits(&w, (uint32_t)(length_codes - 4), 4);
        for (int k = 0; k < length_codes; k++) put_bits(&w, length_length[order[k]], 3);
        for (int t = 0; t < length_token_count; t++) {
            const int s = length_tokens[t] & 31;
            put_bits(&w, length_code[s], length_length[s]);
            if (s >= 16) put_bits(&w, (uint32_t)(length_tokens[t] >> 5), repeat_extra[s - 16]);
        }
        // Each symbol's code and length in one word; a run's distance code (one 0 bit) is part of
        // its length code's entry.
        uint32_t entry[LITLEN_SYMBOLS];
        for (int s = 0; s < LITLEN_SYMBOLS; s++) entry[s] = code[s] | (uint32_t)length[s] << 24;
        for (int c = 0; c < 29; c++) entry[257 + c] += (uint32_t)(length_extra[c] + 1) << 24;
        // Whole 64-bit words stored after every run and every three literals (at most 7 + 3 * 15 bits
        // pending): the output pointer moves by the whole bytes written, the rest stay in the word.
        while (w.count >= 8) { *w.out++ = (unsigned char)w.bits; w.bits >>= 8; w.count -= 8; }
        uint64_t bits = w.bits;
        int filled = w.count;
        unsigned char *o = w.out;
        runs[run_count] = (run_token){(uint32_t)n, 0};  // a sentinel: the literals after the last run
        size_t at = 0;
        for (size_t r = 0; r <= run_count; r++) {
            const size_t literals_end = runs[r].start;
            for (; at + 3 <= literals_end; at += 3) {
                const uint32_t a = entry[data[at]], b = entry[data[at + 1]], c = entry[data[at + 2]];
                bits |= (uint64_t)(a & 0xFFFFu) << filled;
                filled += (int)(a >> 24);
                bits |= (uint64_t)(b & 0xFFFFu) << filled;
                filled += (int)(b >> 24);
                bits |= (uint64_t)(c & 0xFFFFu) << filled;
                filled += (int)(c >> 24);
                store_whole_bytes(&o, &bits, &filled);
            }
            for (; at < literals_end; at++) {
                const uint32_t a = entry[data[at]];
                bits |= (uint64_t)(a & 0xFFFFu) << filled;
                filled += (int)(a >> 24);
            }
            if (r == run_count) break;
            const uint32_t token = runs[r].token;
            const int c = (int)(token >> 5) & 31;
            const uint32_t e = entry[257 + c];
            // A run's code, its extra bits and the distance code's one 0 bit (at most 21 bits).
            bits |= (uint64_t)((e & 0xFFFFu) | (token & 31u) << length[257 + c]) << filled;
            filled += (int)(e >> 24);
            store_whole_bytes(&o, &bits, &filled);
            at += token >> 16;
        }
        w.bits = bits;
        w.count = filled;
        w.out = o;
        // put_bits expects fewer than 32 pending bits.
        while (w.count >= 8) { *w.out++ = (unsigned char)w.bits; w.bits >>= 8; w.count -= 8; }
        put_bits(&w, code[END_OF_BLOCK], length[END_OF_BLOCK]);
        flush_bits(&w);
        p = w.out;
    }
    free(runs);
    const uint32_t adler = adler32_of(data, n);
    p[0] = (unsigned char)(adler >> 24); p[1] = (unsigned char)(adler >> 16);
    p[2] = (unsigned char)(adler >> 8); p[3] = (unsigned char)adler;
    p += 4;
    *written = (size_t)(p - out);
    return 0;
}
