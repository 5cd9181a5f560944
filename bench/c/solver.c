/*
 * The C reference for `npm run bench`: the search of packages/core/src/solver.ts, written for the
 * machine, to show how far our TypeScript is from it. It walks the same tree: the bench hands it
 * the compiled problem (region cells numbered in scan order, every placement under its anchor,
 * grouped by shape, and the orbit representatives of the symmetry shortcut), and it always fills
 * the first empty cell with the placements anchored there whose shape has copies left.
 *
 * Input on stdin (whitespace-separated integers after each word):
 *   ubongo-c-reference 1
 *   cells N                       region cells, at most 128
 *   shapes S  then S pairs        multiplicity and size of each shape
 *   placements P  then P lines    shape, size, the cell numbers in ascending order (the anchor
 *                                 first); sorted by anchor, then shape
 *   orbits R  then R pairs        a placement put down first and its orbit's size (R = 0: no
 *                                 symmetry shortcut, one plain search)
 * Output: the count, the search nodes (placements put down, presets included, as our solver's
 * stats count them), and the nanoseconds from the end of reading to the count: building the
 * tables and the search.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_CELLS 128

static void fail(const char *why) {
  fprintf(stderr, "c-reference: %s\n", why);
  exit(1);
}

static long read_int(void) {
  long v;
  if (scanf("%ld", &v) != 1) fail("malformed input: expected a number");
  return v;
}

static void expect(const char *word) {
  char got[32];
  if (scanf("%31s", got) != 1 || strcmp(got, word) != 0) fail("malformed input: expected a section word");
}

static void *alloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size);
  if (p == NULL) fail("out of memory");
  return p;
}

/* The board is two 64-bit words, cell i at bit i; cells past the region are set, so they read as
 * covered. A placement is two absolute masks. */
static uint64_t *mask_lo, *mask_hi;
/* Groups anchored at cell a are anchor_group[a] .. anchor_group[a + 1] - 1; group g holds the
 * placements group_first[g] .. group_first[g + 1] - 1, all of shape group_shape[g]. */
static int *anchor_group, *group_first, *group_shape;
/* Copies of each shape not yet on the board. */
static int *left;
static uint64_t nodes;

/* Counts the tilings of the empty cells of (lo, hi); at least one cell is empty. */
static uint64_t count_from(uint64_t lo, uint64_t hi) {
  const int a = ~lo != 0 ? __builtin_ctzll(~lo) : 64 + __builtin_ctzll(~hi);
  uint64_t total = 0;
  for (int g = anchor_group[a], g_end = anchor_group[a + 1]; g < g_end; g++) {
    const int s = group_shape[g];
    if (left[s] == 0) continue;
    left[s]--;
    for (int p = group_first[g], p_end = group_first[g + 1]; p < p_end; p++) {
      const uint64_t ml = mask_lo[p], mh = mask_hi[p];
      if (((lo & ml) | (hi & mh)) != 0) continue;
      nodes++;
      const uint64_t nlo = lo | ml, nhi = hi | mh;
      if ((nlo & nhi) == UINT64_MAX)
        total++;
      else
        total += count_from(nlo, nhi);
    }
    left[s]++;
  }
  return total;
}

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

int main(void) {
  expect("ubongo-c-reference");
  if (read_int() != 1) fail("unknown input version");
  expect("cells");
  const long n = read_int();
  if (n < 0 || n > MAX_CELLS) fail("the region must have 0 to 128 cells");
  expect("shapes");
  const long shapes = read_int();
  if (shapes < 0 || shapes > 4096) fail("bad shape count");
  int *multiplicity = alloc((size_t)shapes, sizeof(int));
  int *size = alloc((size_t)shapes, sizeof(int));
  for (long s = 0; s < shapes; s++) {
    multiplicity[s] = (int)read_int();
    size[s] = (int)read_int();
    if (multiplicity[s] < 1 || size[s] < 1 || size[s] > MAX_CELLS) fail("bad shape");
  }
  expect("placements");
  const long total = read_int();
  if (total < 0 || total > 100000000) fail("bad placement count");
  int *shape = alloc((size_t)total, sizeof(int));
  int *anchor = alloc((size_t)total, sizeof(int));
  /* The cells go straight into the masks; the search needs nothing else of them. */
  mask_lo = alloc((size_t)total, sizeof(uint64_t));
  mask_hi = alloc((size_t)total, sizeof(uint64_t));
  for (long p = 0; p < total; p++) {
    const long s = read_int();
    if (s < 0 || s >= shapes || read_int() != size[s]) fail("bad placement");
    shape[p] = (int)s;
    long previous = -1;
    for (int k = 0; k < size[s]; k++) {
      const long i = read_int();
      if (i <= previous || i >= n) fail("placement cells must be ascending region cells");
      if (k == 0) anchor[p] = (int)i;
      if (i < 64)
        mask_lo[p] |= (uint64_t)1 << i;
      else
        mask_hi[p] |= (uint64_t)1 << (i - 64);
      previous = i;
    }
    if (p > 0 && (anchor[p] < anchor[p - 1] || (anchor[p] == anchor[p - 1] && shape[p] < shape[p - 1])))
      fail("placements must be sorted by anchor, then shape");
  }
  expect("orbits");
  const long orbits = read_int();
  if (orbits < 0 || orbits > total) fail("bad orbit count");
  int *preset = alloc((size_t)orbits, sizeof(int));
  uint64_t *weight = alloc((size_t)orbits, sizeof(uint64_t));
  for (long r = 0; r < orbits; r++) {
    const long p = read_int();
    const long w = read_int();
    if (p < 0 || p >= total || w < 1) fail("bad orbit");
    preset[r] = (int)p;
    weight[r] = (uint64_t)w;
  }

  const uint64_t start = now_ns();

  /* Nothing to search when the areas differ or a shape fits nowhere, as in our solver. */
  int impossible = 0;
  long area = 0;
  int *placeable = alloc((size_t)shapes, sizeof(int));
  for (long p = 0; p < total; p++) placeable[shape[p]] = 1;
  for (long s = 0; s < shapes; s++) {
    area += (long)multiplicity[s] * size[s];
    if (!placeable[s]) impossible = 1;
  }
  if (area != n) impossible = 1;

  /* The groups: runs of placements with the same anchor and shape. */
  anchor_group = alloc((size_t)n + 1, sizeof(int));
  group_first = alloc((size_t)total + 1, sizeof(int));
  group_shape = alloc((size_t)total + 1, sizeof(int));
  int groups = 0;
  long p = 0;
  for (int a = 0; a < n; a++) {
    anchor_group[a] = groups;
    while (p < total && anchor[p] == a) {
      group_first[groups] = (int)p;
      group_shape[groups] = shape[p];
      groups++;
      const int s = shape[p];
      while (p < total && anchor[p] == a && shape[p] == s) p++;
    }
  }
  anchor_group[n] = groups;
  group_first[groups] = (int)total;
  left = alloc((size_t)shapes, sizeof(int));

  /* Cells past the region read as covered. */
  const uint64_t empty_lo = n >= 64 ? 0 : UINT64_MAX << n;
  const uint64_t empty_hi = n >= 128 ? 0 : n <= 64 ? UINT64_MAX : UINT64_MAX << (n - 64);
  uint64_t count = 0;
  nodes = 0;
  if (impossible || n == 0) {
    count = 0;
  } else if (orbits == 0) {
    memcpy(left, multiplicity, (size_t)shapes * sizeof(int));
    count = count_from(empty_lo, empty_hi);
  } else {
    /* The symmetry shortcut: each orbit's representative put down first, its count weighed. */
    for (long r = 0; r < orbits; r++) {
      const int q = preset[r];
      memcpy(left, multiplicity, (size_t)shapes * sizeof(int));
      left[shape[q]]--;
      nodes++;
      const uint64_t lo = empty_lo | mask_lo[q], hi = empty_hi | mask_hi[q];
      const uint64_t sub = (lo & hi) == UINT64_MAX ? 1 : count_from(lo, hi);
      count += sub * weight[r];
    }
  }

  const uint64_t elapsed = now_ns() - start;
  printf("%llu %llu %llu\n", (unsigned long long)count, (unsigned long long)nodes, (unsigned long long)elapsed);
  return 0;
}
