/* Lady Jane's search of game/solver/alternate.py, in C, resumable, under both of its drivers.
 *
 * The same search as a LadyJaneStock (dead_test and twins on), position for position: the
 * same settling (safe cards home), the same children in the same order (tableau moves,
 * side-pile moves, foundation moves, the stock's move, the moves only another twin placement
 * allows), the same key equivalence (canonical twin placement, the tableau piles in any
 * order), the same admit (a position seen with as many redeals left is not searched again)
 * and is_dead (Rules.stuck, Rules.frozen), the same score. Driven as compact.DepthFirst
 * (`new`, `resume`: the same order of ties, a stable sort, the best popped from the end) and
 * as compact.Beam (`beam`, `beam_resume`: the same widths, passes and stable order by score),
 * with the same look at the budget every POLL positions expanded. alternate.py has the
 * argument for every pruning; what C adds is speed.
 *
 * A win is given as the index, in the Python search's `children`, of each child taken from
 * the root down: alternate_native.py replays them through the Python search for the line,
 * whose moves and foundation piles are then exactly the Python search's.
 *
 * A position (Pos) is each pile's cards and length (the tableau piles, then the side piles:
 * stock, waste, reserves), a face-down tableau card stored as card + DOWN, the foundation
 * heights per suit, the stock's face-down count and the redeals left. The depth-first
 * search keeps the children of the positions on its path packed on one stack, a node's
 * children after its parent's; the beam keeps each depth's positions and, per position, the
 * child index that reached it and the trail before. A search lives in a capsule between
 * calls.
 *
 * Given marks (`marks()`), the depth-first search also does what compact.Closures does for the
 * Python one (see game/solver/lost_marks.py): it marks the positions it proves lost as it
 * goes, in a mark stored after each key, adds them to the marks, and takes every position
 * found there as lost. The positions stored and expanded are the Python search's with the
 * same marks.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CARDS 52
#define DOWN 64
#define MAX_TAB 10
#define MAX_SIDE 10
#define MAX_PILES (MAX_TAB + MAX_SIDE)
#define POLL 64 /* positions expanded between two looks at the clock and at `cancelled` */
#define PACKED (6 + MAX_PILES + CARDS)
#define MAX_KEY (6 + MAX_PILES + CARDS)
#define NONE 255
#define CAPSULE "game.solver._alternate.Search"

typedef struct {
    uint8_t len[MAX_PILES];
    uint8_t found[4];
    uint8_t down, redeals;
    uint8_t card[MAX_PILES][CARDS];
} Pos;

typedef struct {
    int32_t score;
    int32_t index; /* the child's place in the Python search's `children` (-1: the root) */
    uint32_t key;  /* where its key is stored (an offset plus one, as a Slot's; 0: not kept) */
    uint8_t node[PACKED];
} Entry;

typedef struct {
    size_t start; /* the first entry of this level */
    int32_t taken; /* the index of the child expanded into this level */
    /* Marking (see `close_level`): the number the position expanded here got, the lowest
     * number of a position its search met still open, and where its run of the stack of
     * open positions begins. */
    int32_t number, low;
    size_t open_from;
} Level;

/* A slot of the table of positions seen: 8 bytes, which a long search stores millions of. */
typedef struct {
    uint32_t tag; /* the key's hash, its high half (the low half picks the slot) */
    uint32_t key; /* offset of the key (its length byte, its bytes, then the redeals left) plus one */
} Slot;

#define MAX_KEYS_BYTES ((size_t)UINT32_MAX - 2 * MAX_KEY) /* the offsets a Slot can hold */

#define LOST_MARK (-1) /* a stored position's mark: proved lost */

/* Keys of positions proved lost, kept from one search to the next (`marks()`): the same
 * table of slots and stored keys as a search's. */
typedef struct {
    Slot *slots;
    size_t slots_cap, count;
    uint8_t *keys;
    size_t keys_len, keys_cap;
} Marks;

typedef struct {
    uint8_t fits[128 * 128];
    uint8_t place[CARDS], mate[CARDS], fills[CARDS], nparents[CARDS], parents[CARDS][2];
    int next_home[4][14];
    uint64_t parent_bits[CARDS], before_bits[CARDS];
    uint8_t opposite[4][2];
} Rules;

/* A child made, waiting for admit: its slot in the table was asked of the memory at once, so
 * that the look-up, after the other children are made, seldom waits for it. */
typedef struct {
    Pos pos;
    uint64_t hash;
    int32_t index;
    int n;
    uint8_t key[MAX_KEY];
} Pending;

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)(address))
#endif

struct Search;
/* What becomes of each child as it is made: 0 go on, 1 stop making children, -1 error. */
typedef int (*Sink)(struct Search *s, const Pos *child);

typedef struct Search {
    Rules r;
    int nt, ns; /* tableau piles, side piles (stock, waste, reserves) */
    int reserve_weight;
    Entry *entries;
    size_t entries_len, entries_cap;
    Level *levels;
    size_t depth, levels_cap;
    Slot *slots;
    size_t slots_cap, count;
    uint8_t *keys;
    size_t keys_len, keys_cap;
    Pending *pending;
    size_t pending_len, pending_cap;
    long long expanded;
    int busy; /* searching: `cancelled` may not search it again (it would pull its stack away) */
    /* Marking positions proved lost (the depth-first search only, when given `marks`): each
     * stored key is followed by a mark, 4 bytes (`extra`); the positions expanded and not yet
     * closed, by where their keys are; the numbers given so far. */
    int marking, extra;
    uint32_t *open;
    size_t open_len, open_cap;
    int32_t numbered;
    Marks *marks;
    PyObject *marks_owner;
    /* while children are made */
    Sink sink;
    int32_t kid_index;
    size_t kids_start;
} Search;

static PyObject *monotonic; /* time.monotonic, as compact.DepthFirst reads the clock */

static inline int suit_of(int card) { return card / 13; }

/* ------------------------------------------------------------------ memory */

static int grow(void **data, size_t *cap, size_t need, size_t item) {
    if (need <= *cap) return 1;
    size_t cap2 = *cap ? *cap : 64;
    while (cap2 < need) cap2 *= 2;
    void *bigger = realloc(*data, cap2 * item);
    if (!bigger) return 0;
    *data = bigger;
    *cap = cap2;
    return 1;
}

/* ------------------------------------------------------------------- rules */

/* Rules.safe: `card`, next for its foundation, can go home at once without losing a win. */
static int safe(const Rules *r, int card, const uint8_t *found) {
    int place = r->place[card];
    if (place == 0) return 1;
    const uint8_t *o = r->opposite[suit_of(card)];
    int low = found[0];
    for (int s = 1; s < 4; s++)
        if (found[s] < low) low = found[s];
    return found[o[0]] >= place && found[o[1]] >= place && low >= place - 1;
}

/* Rules.goes_home: face up, next for its foundation, and safe. */
static int goes_home(const Rules *r, int card, const uint8_t *found) {
    return card < DOWN && found[suit_of(card)] == r->place[card] && safe(r, card, found);
}

/* The place of the lowest card of the pile's face-up valid build (movable()[-1][0]). */
static int build_bottom(const Rules *r, const uint8_t *pile, int n) {
    int j = n - 1;
    while (j > 0 && r->fits[pile[j - 1] << 7 | pile[j]]) j--;
    return j;
}

/* Rules.stuck */
static int stuck(const Rules *r, const uint8_t *pile, int n, int tableau) {
    uint64_t under = n ? (uint64_t)1 << (pile[0] & 63) : 0;
    for (int a = 1; a < n; a++) {
        int card = pile[a] & 63;
        int skip = r->fills[card] || (tableau && pile[a - 1] < DOWN && r->fits[pile[a - 1] << 7 | card]);
        if (!skip && !(r->parent_bits[card] & ~under) && (r->before_bits[card] & under)) return 1;
        under |= (uint64_t)1 << card;
    }
    return 0;
}

/* Rules.frozen over the tableau piles and the reserves (side piles 2...). */
static int frozen(const Search *s, const Pos *p) {
    const Rules *r = &s->r;
    uint64_t set = 0;
    /* per pile, its candidates above the bottom from the top down: bit and cards under */
    static const int most = MAX_PILES * CARDS;
    uint64_t bits[MAX_PILES * CARDS], unders[MAX_PILES * CARDS];
    int starts[MAX_PILES + 1], np = 0, at = 0;
    for (int q = 0; q < s->nt + s->ns; q++) {
        if (q >= s->nt && q < s->nt + 2) continue;
        int tableau = q < s->nt, n = p->len[q];
        const uint8_t *pile = p->card[q];
        uint64_t under = 0;
        int begin = at;
        for (int a = 0; a < n; a++) {
            int card = pile[a] & 63;
            int laid = tableau && a && pile[a - 1] < DOWN && r->fits[pile[a - 1] << 7 | card];
            if (!r->fills[card] && !laid) {
                set |= (uint64_t)1 << card;
                if (a && at < most) {
                    bits[at] = (uint64_t)1 << card;
                    unders[at] = under;
                    at++;
                }
            }
            under |= (uint64_t)1 << card;
        }
        if (at > begin) starts[np++] = begin;
    }
    starts[np] = at;
    while (set) {
        uint64_t buried = 0;
        for (int k = 0; k < np; k++)
            for (int b = starts[k + 1] - 1; b >= starts[k]; b--) /* from the top down */
                if (set & bits[b]) {
                    buried |= unders[b];
                    break;
                }
        uint64_t kept = 0;
        for (int card = 0; card < CARDS; card++) {
            uint64_t bit = (uint64_t)1 << card;
            if ((set & bit) && !(r->parent_bits[card] & ~buried) && (r->before_bits[card] & buried)) kept |= bit;
        }
        if (kept == set) return 1;
        set = kept;
    }
    return 0;
}

/* AlternateSearch.is_dead */
static int is_dead(const Search *s, const Pos *p) {
    for (int i = 0; i < s->nt; i++)
        if (stuck(&s->r, p->card[i], p->len[i], 1)) return 1;
    for (int j = s->nt + 2; j < s->nt + s->ns; j++)
        if (stuck(&s->r, p->card[j], p->len[j], 0)) return 1;
    return frozen(s, p);
}

/* --------------------------------------------------------------- positions */

static inline void reveal(Pos *p, int q) {
    int n = p->len[q];
    if (n && p->card[q][n - 1] >= DOWN) p->card[q][n - 1] -= DOWN;
}

static inline int top_of(const Pos *p, int q) { return p->len[q] ? p->card[q][p->len[q] - 1] : -1; }

/* The first side pile whose top card plays: the stock only when face up (singles_now). */
static inline int first_single(const Search *s, const Pos *p) { return s->nt + (p->down ? 1 : 0); }

/* AlternateSearch.settle, without the line. */
static void settle(const Search *s, Pos *p) {
    const Rules *r = &s->r;
    int moved = 1;
    while (moved) {
        moved = 0;
        for (int i = 0; i < s->nt; i++) {
            while (p->len[i]) {
                int card = p->card[i][p->len[i] - 1];
                if (card >= DOWN || p->found[suit_of(card)] != r->place[card] || !safe(r, card, p->found)) break;
                p->found[suit_of(card)]++;
                p->len[i]--;
                reveal(p, i);
                moved = 1;
            }
        }
        for (int q = first_single(s, p); q < s->nt + s->ns; q++) {
            while (p->len[q]) {
                int card = p->card[q][p->len[q] - 1];
                if (p->found[suit_of(card)] != r->place[card] || !safe(r, card, p->found)) break;
                p->found[suit_of(card)]++;
                p->len[q]--;
                moved = 1;
            }
        }
    }
}

static int score(const Search *s, const Pos *p) {
    const Rules *r = &s->r;
    int total = -10 * (p->found[0] + p->found[1] + p->found[2] + p->found[3]);
    for (int q = s->nt + 2; q < s->nt + s->ns; q++)
        if (p->len[q] > 1) total += s->reserve_weight * (p->len[q] - 1);
    for (int i = 0; i < s->nt; i++) {
        int n = p->len[i];
        const uint8_t *pile = p->card[i];
        if (!n) {
            total -= 2;
            continue;
        }
        for (int a = 0; a + 1 < n; a++) {
            if (pile[a] >= DOWN)
                total += 3;
            else if (!r->fits[pile[a] << 7 | pile[a + 1]])
                total += 2;
        }
    }
    return total;
}

static int won(const Pos *p) { return p->found[0] + p->found[1] + p->found[2] + p->found[3] == CARDS; }

/* AlternateSearch.canonical: the tableau with every card lying on the higher-numbered of its
 * parents moved, with the cards on it, onto the other one when that is a tableau top, in the
 * same steps as the Python: each pile's length into `len` and its cards at `at` (`p`'s own
 * piles where nothing moves, as in most positions; else copies in `buf`). */
static void canonical(const Search *s, const Pos *p, uint8_t *len, const uint8_t **at, uint8_t (*buf)[CARDS]) {
    const Rules *r = &s->r;
    uint64_t tops = 0, wanted = 0;
    for (int i = 0; i < s->nt; i++) {
        int n = p->len[i];
        len[i] = (uint8_t)n;
        at[i] = p->card[i];
        if (!n) continue;
        tops |= (uint64_t)1 << p->card[i][n - 1];
        for (int k = build_bottom(r, p->card[i], n) + 1; k < n; k++) {
            int parent = p->card[i][k - 1];
            if (r->mate[parent] < parent) wanted |= (uint64_t)1 << r->mate[parent];
        }
    }
    if (!(tops & wanted)) return;
    for (int i = 0; i < s->nt; i++) {
        memcpy(buf[i], p->card[i], len[i]);
        at[i] = buf[i];
    }
    int again = 1;
    while (again) {
        again = 0;
        for (int i = 0; i < s->nt; i++) {
            int n = len[i];
            if (!n) continue;
            uint8_t *pile = buf[i];
            for (int k = build_bottom(r, pile, n) + 1; k < n; k++) {
                int parent = pile[k - 1], other = r->mate[parent];
                if (other >= parent || !(tops >> other & 1)) continue;
                int d = 0;
                while (!(len[d] && buf[d][len[d] - 1] == other)) d++;
                if (d != i) { /* d == i (a build past 13 cards) ends as the Python's: pile[:k] */
                    memcpy(buf[d] + len[d], pile + k, (size_t)(n - k));
                    len[d] = (uint8_t)(len[d] + n - k);
                }
                len[i] = (uint8_t)k;
                tops ^= (uint64_t)1 << other | (uint64_t)1 << parent;
                again = 1;
                break;
            }
        }
    }
}

/* LadyJaneStock.key, with the same equivalence: the foundation heights, the stock's length and
 * face-down count, the waste and reserves, then the canonical tableau piles in a fixed order
 * (each pile's length before its cards). The order is by bottom card, empty piles first: no
 * two piles that are not empty share their bottom card (each card lies in one place), so
 * two tableaus with the same piles give the same key, as Python's sorted piles do. Its length. */
static int make_key(const Search *s, const Pos *p, uint8_t *out) {
    uint8_t len[MAX_TAB], buf[MAX_TAB][CARDS];
    const uint8_t *pile[MAX_TAB];
    canonical(s, p, len, pile, buf);
    memcpy(out, p->found, 4);
    out[4] = p->len[s->nt];
    out[5] = p->down;
    int at = 6;
    for (int q = s->nt + 1; q < s->nt + s->ns; q++) {
        out[at++] = p->len[q];
        memcpy(out + at, p->card[q], p->len[q]);
        at += p->len[q];
    }
    int order[MAX_TAB], bottom[MAX_TAB];
    for (int a = 0; a < s->nt; a++) { /* insertion sort by bottom card */
        int x = len[a] ? pile[a][0] : -1, b = a - 1;
        while (b >= 0 && bottom[b] > x) {
            order[b + 1] = order[b];
            bottom[b + 1] = bottom[b];
            b--;
        }
        order[b + 1] = a;
        bottom[b + 1] = x;
    }
    for (int a = 0; a < s->nt; a++) {
        int i = order[a];
        out[at++] = len[i];
        memcpy(out + at, pile[i], len[i]);
        at += len[i];
    }
    return at;
}

static uint64_t hash_of(const uint8_t *key, int n) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)n;
    int at = 0;
    for (; at + 8 <= n; at += 8) {
        uint64_t chunk;
        memcpy(&chunk, key + at, 8);
        h = (h ^ chunk) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    uint64_t tail = 0;
    for (int k = 0; at < n; at++, k += 8) tail |= (uint64_t)key[at] << k;
    h = (h ^ tail) * 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
}

/* A table of slots twice as large, over the same stored keys. */
static int rehash_slots(Slot **slots_at, size_t *cap_at, const uint8_t *keys) {
    size_t old_cap = *cap_at, cap = old_cap ? old_cap * 2 : 1024;
    Slot *slots = calloc(cap, sizeof(Slot)), *old = *slots_at;
    if (!slots) return 0;
    for (size_t a = 0; a < old_cap; a++) {
        if (!old[a].key) continue;
        const uint8_t *stored = keys + old[a].key - 1; /* the slot keeps half the hash: again */
        size_t b = (size_t)hash_of(stored + 1, stored[0]) & (cap - 1);
        while (slots[b].key) b = (b + 1) & (cap - 1);
        slots[b] = old[a];
    }
    free(old);
    *slots_at = slots;
    *cap_at = cap;
    return 1;
}

static int rehash(Search *s) { return rehash_slots(&s->slots, &s->slots_cap, s->keys); }

/* Where `key` is stored in a table (its slot's offset plus one), or 0. */
static uint32_t find_key(const Slot *slots, size_t cap, const uint8_t *keys, const uint8_t *key, int n,
                         uint64_t h) {
    if (!cap) return 0;
    uint32_t tag = (uint32_t)(h >> 32);
    for (size_t b = (size_t)h & (cap - 1); slots[b].key; b = (b + 1) & (cap - 1)) {
        const uint8_t *stored = keys + slots[b].key - 1;
        if (slots[b].tag == tag && stored[0] == n && memcmp(stored + 1, key, (size_t)n) == 0) return slots[b].key;
    }
    return 0;
}

/* Keep `key` in `m` (once); 0 out of memory. */
static int marks_add(Marks *m, const uint8_t *key, int n, uint64_t h) {
    if (find_key(m->slots, m->slots_cap, m->keys, key, n, h)) return 1;
    if (4 * (m->count + 1) > 3 * m->slots_cap && !rehash_slots(&m->slots, &m->slots_cap, m->keys)) return 0;
    if (m->keys_len > MAX_KEYS_BYTES || !grow((void **)&m->keys, &m->keys_cap, m->keys_len + (size_t)n + 1, 1))
        return 0;
    size_t b = (size_t)h & (m->slots_cap - 1);
    while (m->slots[b].key) b = (b + 1) & (m->slots_cap - 1);
    m->keys[m->keys_len] = (uint8_t)n;
    memcpy(m->keys + m->keys_len + 1, key, (size_t)n);
    m->slots[b].tag = (uint32_t)(h >> 32);
    m->slots[b].key = (uint32_t)(m->keys_len + 1);
    m->keys_len += (size_t)n + 1;
    m->count++;
    return 1;
}

static inline int32_t mark_of(const uint8_t *at) {
    int32_t v;
    memcpy(&v, at, 4);
    return v;
}

static inline void set_mark(uint8_t *at, int32_t v) { memcpy(at, &v, 4); }

/* A position met again: unless proved lost, the search of the level expanding now leans on
 * it (see `close_level`). */
static inline void met(Search *s, const uint8_t *mark) {
    int32_t v = mark_of(mark);
    Level *level = &s->levels[s->depth - 1];
    if (v != LOST_MARK && v < level->low) level->low = v;
}

/* AlternateSearch.admit: record `p` as seen with its redeals left; 1 if worth searching (not
 * seen with as many redeals left, not dead, and not among the marks carried in), 0 if not, -1
 * out of memory. `where` (if given) gets where its key is stored. */
static int admit_key(Search *s, const Pos *p, const uint8_t *key, int n, uint64_t h, uint32_t *where) {
    if (4 * (s->count + 1) > 3 * s->slots_cap && !rehash(s)) return -1;
    uint32_t tag = (uint32_t)(h >> 32);
    size_t b = (size_t)h & (s->slots_cap - 1);
    int32_t here = s->marking ? s->levels[s->depth - 1].number : 0;
    while (s->slots[b].key) {
        Slot *slot = &s->slots[b];
        uint8_t *stored = s->keys + slot->key - 1;
        if (slot->tag == tag && stored[0] == n && memcmp(stored + 1, key, (size_t)n) == 0) {
            if (stored[1 + n] >= p->redeals) {
                if (s->marking) met(s, stored + 2 + n);
                return 0;
            }
            stored[1 + n] = p->redeals;
            int dead = is_dead(s, p);
            if (s->marking) set_mark(stored + 2 + n, dead ? LOST_MARK : here);
            if (where) *where = slot->key;
            return !dead;
        }
        b = (b + 1) & (s->slots_cap - 1);
    }
    size_t size = (size_t)n + 2 + (size_t)s->extra;
    if (s->keys_len > MAX_KEYS_BYTES || !grow((void **)&s->keys, &s->keys_cap, s->keys_len + size, 1)) return -1;
    uint8_t *stored = s->keys + s->keys_len;
    stored[0] = (uint8_t)n;
    memcpy(stored + 1, key, (size_t)n);
    stored[1 + n] = p->redeals;
    s->slots[b].tag = tag;
    s->slots[b].key = (uint32_t)(s->keys_len + 1);
    if (where) *where = s->slots[b].key;
    s->keys_len += size;
    s->count++;
    int dead;
    if (s->marking) {
        const Marks *m = s->marks;
        dead = find_key(m->slots, m->slots_cap, m->keys, key, n, h) || is_dead(s, p);
        set_mark(stored + 2 + n, dead ? LOST_MARK : here);
    } else {
        dead = is_dead(s, p);
    }
    return !dead;
}

static int admit(Search *s, const Pos *p, uint32_t *where) {
    uint8_t key[MAX_KEY];
    int n = make_key(s, p, key);
    return admit_key(s, p, key, n, hash_of(key, n), where);
}

static void pack(const Search *s, const Pos *p, uint8_t *out) {
    int np = s->nt + s->ns;
    memcpy(out, p->found, 4);
    out[4] = p->down;
    out[5] = p->redeals;
    memcpy(out + 6, p->len, (size_t)np);
    uint8_t *at = out + 6 + np;
    for (int q = 0; q < np; q++) {
        memcpy(at, p->card[q], p->len[q]);
        at += p->len[q];
    }
}

static void unpack(const Search *s, const uint8_t *in, Pos *p) {
    int np = s->nt + s->ns;
    memcpy(p->found, in, 4);
    p->down = in[4];
    p->redeals = in[5];
    memcpy(p->len, in + 6, (size_t)np);
    const uint8_t *at = in + 6 + np;
    for (int q = 0; q < np; q++) {
        memcpy(p->card[q], at, p->len[q]);
        at += p->len[q];
    }
}

/* --------------------------------------------------------------- children */

static inline void put(Pos *p, int q, int card) { p->card[q][p->len[q]++] = (uint8_t)card; }

/* Cards `from`'s place `at` up onto pile `to`, `from` left with the cards under them. */
static inline void lift(Pos *p, int from, int at, int to) {
    if (from == to) { /* as the Python's two assignments leave it (never met in play) */
        p->len[from] = (uint8_t)at;
        return;
    }
    int n = p->len[from] - at;
    memcpy(p->card[to] + p->len[to], p->card[from] + at, (size_t)n);
    p->len[to] = (uint8_t)(p->len[to] + n);
    p->len[from] = (uint8_t)at;
}

static int emit(Search *s, const Pos *c) {
    int out = s->sink(s, c);
    s->kid_index++;
    return out;
}

/* AlternateSearch.after: the child `c` (already moved) with `home` (a card, or -1) sent home,
 * settled when the move may have made a card safe; `exposed`: the pile the move uncovered a
 * card of (-1: none). */
static int after(Search *s, Pos *c, int home, int exposed) {
    if (home >= 0) {
        c->found[suit_of(home)]++;
        settle(s, c);
    } else if (exposed >= 0 && c->len[exposed] && goes_home(&s->r, top_of(c, exposed), c->found)) {
        settle(s, c);
    }
    return emit(s, c);
}

/* AlternateSearch.targets: where `card` may go; -1 home, else tableau piles. Their count. */
static int targets(const Search *s, const Pos *p, int card, const int *tops, int empty, int *out) {
    const Rules *r = &s->r;
    int n = 0;
    if (p->found[suit_of(card)] == r->place[card]) out[n++] = -1;
    for (int k = 0; k < r->nparents[card]; k++)
        if (tops[r->parents[card][k]] >= 0) out[n++] = tops[r->parents[card][k]];
    if (empty >= 0 && r->fills[card]) out[n++] = empty;
    return n;
}

#define EMIT(call)                   \
    do {                             \
        int emitted_ = (call);       \
        if (emitted_) return emitted_; \
    } while (0)

static int tableau_moves(Search *s, const Pos *p, const int *tops, int empty) {
    const Rules *r = &s->r;
    Pos c;
    for (int i = 0; i < s->nt; i++) {
        int n = p->len[i];
        if (!n) continue;
        const uint8_t *pile = p->card[i];
        int top = pile[n - 1];
        if (p->found[suit_of(top)] == r->place[top]) {
            c = *p;
            c.len[i]--;
            reveal(&c, i);
            EMIT(after(s, &c, top, -1));
        }
        int bottom = build_bottom(r, pile, n);
        for (int j = n - 1; j >= bottom; j--) {
            int card = pile[j], to[4], nt = 0;
            if (j == bottom)
                for (int k = 0; k < r->nparents[card]; k++)
                    if (tops[r->parents[card][k]] >= 0) to[nt++] = tops[r->parents[card][k]];
            if (empty >= 0 && j && r->fills[card]) to[nt++] = empty;
            for (int t = 0; t < nt; t++) {
                c = *p;
                lift(&c, i, j, to[t]);
                reveal(&c, i);
                EMIT(after(s, &c, -1, i));
            }
        }
    }
    return 0;
}

static int side_moves(Search *s, const Pos *p, const int *tops, int empty) {
    Pos c;
    for (int q = first_single(s, p); q < s->nt + s->ns; q++) {
        if (!p->len[q]) continue;
        int card = top_of(p, q), to[4];
        int nt = targets(s, p, card, tops, empty, to);
        for (int t = 0; t < nt; t++) {
            c = *p;
            c.len[q]--;
            if (to[t] < 0) {
                EMIT(after(s, &c, card, -1));
            } else {
                put(&c, to[t], card);
                EMIT(after(s, &c, -1, q));
            }
        }
    }
    return 0;
}

static int foundation_moves(Search *s, const Pos *p, const int *tops, int empty) {
    const Rules *r = &s->r;
    Pos c;
    for (int suit = 0; suit < 4; suit++) {
        int height = p->found[suit];
        if (height < 2) continue;
        int card = r->next_home[suit][height - 1];
        if (safe(r, card, p->found)) continue;
        int to[4], nt = targets(s, p, card, tops, empty, to);
        for (int t = 0; t < nt; t++) {
            if (to[t] < 0) continue;
            c = *p;
            c.found[suit]--;
            put(&c, to[t], card);
            EMIT(after(s, &c, -1, -1));
        }
    }
    return 0;
}

/* LadyJaneStock.stock_moves: one card onto each reserve while more than the reserves lie face
 * down; then the last deal, to the waste. */
static int stock_moves(Search *s, const Pos *p) {
    if (!p->down) return 0;
    Pos c = *p;
    int stock = s->nt, reserves = s->ns - 2, n = p->len[stock];
    if (p->down > reserves) {
        for (int k = 0; k < reserves; k++) put(&c, stock + 2 + k, p->card[stock][n - 1 - k]);
        c.len[stock] = (uint8_t)(n - reserves);
        c.down = c.len[stock];
    } else {
        put(&c, stock + 1, p->card[stock][n - 1]);
        c.len[stock] = (uint8_t)(n - 1);
        c.down = 0;
    }
    settle(s, &c);
    return emit(s, &c);
}

/* AlternateSearch._twin_moves: `twin` (with the cards on it) onto the top of tableau pile `i`
 * of `t` (the position after the swap), from wherever it is free to move. */
static int twin_moves(Search *s, const Pos *t, int i, int twin) {
    const Rules *r = &s->r;
    Pos c;
    for (int j = 0; j < s->nt; j++) {
        int n = t->len[j];
        if (j == i || !memchr(t->card[j], twin, (size_t)n)) continue;
        int bottom = build_bottom(r, t->card[j], n);
        for (int m = n - 1; m >= bottom; m--) {
            if (t->card[j][m] != twin) continue;
            c = *t;
            lift(&c, j, m, i);
            reveal(&c, j);
            EMIT(after(s, &c, -1, j));
        }
        return 0;
    }
    for (int q = first_single(s, t); q < s->nt + s->ns; q++) {
        if (top_of(t, q) != twin) continue;
        c = *t;
        c.len[q]--;
        put(&c, i, twin);
        return after(s, &c, -1, q);
    }
    int suit = suit_of(twin), height = t->found[suit];
    if (height >= 2 && r->next_home[suit][height - 1] == twin && !safe(r, twin, t->found)) {
        c = *t;
        c.found[suit]--;
        put(&c, i, twin);
        return after(s, &c, -1, -1);
    }
    return 0;
}

/* AlternateSearch._swapped_moves */
static int swapped_moves(Search *s, const Pos *p, const int *tops) {
    const Rules *r = &s->r;
    Pos t, c;
    for (int i = 0; i < s->nt; i++) {
        int n = p->len[i];
        if (!n) continue;
        const uint8_t *pile = p->card[i];
        for (int k = build_bottom(r, pile, n) + 1; k < n; k++) {
            int card = pile[k], parent = pile[k - 1];
            int d = tops[r->mate[parent]];
            if (d < 0) continue;
            t = *p;
            lift(&t, i, k, d);
            if (p->found[suit_of(parent)] == r->place[parent]) {
                c = t;
                c.len[i] = (uint8_t)(k - 1);
                reveal(&c, i);
                EMIT(after(s, &c, parent, -1));
            }
            EMIT(twin_moves(s, &t, i, r->mate[card]));
        }
    }
    return 0;
}

/* AlternateSearch.children, each handed to the search's sink in order. */
static int children(Search *s, const Pos *p) {
    int tops[CARDS], empty = -1;
    for (int c = 0; c < CARDS; c++) tops[c] = -1;
    for (int i = 0; i < s->nt; i++) {
        if (p->len[i])
            tops[top_of(p, i)] = i;
        else if (empty < 0)
            empty = i;
    }
    s->kid_index = 0;
    EMIT(tableau_moves(s, p, tops, empty));
    EMIT(side_moves(s, p, tops, empty));
    EMIT(foundation_moves(s, p, tops, empty));
    EMIT(stock_moves(s, p));
    return swapped_moves(s, p, tops);
}

/* ------------------------------------------------------------------ search */

static int push_entry(Search *s, const Pos *p, int32_t index, uint32_t key) {
    if (!grow((void **)&s->entries, &s->entries_cap, s->entries_len + 1, sizeof(Entry))) return 0;
    Entry *e = &s->entries[s->entries_len++];
    e->score = 0;
    e->index = index;
    e->key = key;
    pack(s, p, e->node);
    return 1;
}

/* The first half of DepthFirst.fresh: each child keyed, its slot fetched, kept for `fresh`. */
static int collect(Search *s, const Pos *child) {
    if (!grow((void **)&s->pending, &s->pending_cap, s->pending_len + 1, sizeof(Pending))) return -1;
    Pending *k = &s->pending[s->pending_len++];
    k->pos = *child;
    k->index = s->kid_index;
    k->n = make_key(s, child, k->key);
    k->hash = hash_of(k->key, k->n);
    if (s->slots_cap) PREFETCH(&s->slots[(size_t)k->hash & (s->slots_cap - 1)]);
    return 0;
}

/* DepthFirst.fresh: each child of `p` that admit takes (in the children's order) onto the
 * stack; 0 out of memory. */
static int fresh(Search *s, const Pos *p) {
    s->pending_len = 0;
    if (children(s, p) < 0) return 0;
    for (size_t a = 0; a < s->pending_len; a++) {
        Pending *k = &s->pending[a];
        uint32_t where = 0;
        int yes = admit_key(s, &k->pos, k->key, k->n, k->hash, &where);
        if (yes < 0 || (yes && !push_entry(s, &k->pos, k->index, where))) return 0;
    }
    return 1;
}

/* DepthFirst._ordered over the entries from `start`: scored (a lone one is not), sorted by
 * score from the highest, stably, so the best is popped first from the end. */
static void order_level(Search *s, size_t start) {
    size_t n = s->entries_len - start;
    if (n < 2) return;
    Entry *e = s->entries + start;
    Pos p;
    for (size_t a = 0; a < n; a++) {
        unpack(s, e[a].node, &p);
        e[a].score = score(s, &p);
    }
    for (size_t a = 1; a < n; a++) { /* insertion sort: stable */
        Entry x = e[a];
        size_t b = a;
        while (b > 0 && e[b - 1].score < x.score) {
            e[b] = e[b - 1];
            b--;
        }
        e[b] = x;
    }
}

/* A level for the children of the entry expanded (`taken`, its key stored at `key`; none for
 * the root's level). When marking, the position gets the next number and is open. */
static int push_level(Search *s, int32_t taken, uint32_t key) {
    if (!grow((void **)&s->levels, &s->levels_cap, s->depth + 1, sizeof(Level))) return 0;
    int32_t number = 0;
    if (s->marking && key) {
        if (!grow((void **)&s->open, &s->open_cap, s->open_len + 1, sizeof(uint32_t))) return 0;
        number = ++s->numbered;
        s->open[s->open_len++] = key;
        const uint8_t *stored = s->keys + key - 1;
        set_mark(s->keys + key - 1 + 2 + stored[0], number);
    }
    s->levels[s->depth++] = (Level){s->entries_len, taken, number, number, s->open_len - (key && s->marking)};
    return 1;
}

/* The level's children are all searched, without a win. Its position and every position
 * expanded after it that is still open lean on nothing older, unless the search met a
 * position older than it (`low`: one on the path, or one a level on the path has still to
 * search): then they are left open, and the level above leans on that too. Otherwise every
 * position they lead to has been searched, and none won: they are all lost, so they are
 * marked, and kept in `marks` for the searches after this one (Tarjan's strongly connected
 * components, over a search that stores children before it expands them). 0 out of memory. */
static int close_level(Search *s) {
    /* Out of memory part way, the keys marked so far are proved lost all the same: the table
     * holds only proved keys, and the search ends with the error. */
    if (!s->marking || s->depth < 2) return 1;
    Level *level = &s->levels[s->depth - 1];
    if (level->low < level->number) {
        Level *up = level - 1;
        if (level->low < up->low) up->low = level->low;
        return 1;
    }
    for (size_t a = level->open_from; a < s->open_len; a++) {
        uint8_t *stored = s->keys + s->open[a] - 1;
        int n = stored[0];
        set_mark(stored + 2 + n, LOST_MARK);
        if (!marks_add(s->marks, stored + 1, n, hash_of(stored + 1, n))) return 0;
    }
    s->open_len = level->open_from;
    return 1;
}

/* Whether the budget is spent (compact.DepthFirst._out_of_budget): 1 yes, 0 no, -1 error. */
static int out_of_budget(Search *s, Py_ssize_t positions, double deadline, PyObject *cancelled) {
    if ((Py_ssize_t)s->count >= positions) return 1;
    PyObject *now = PyObject_CallNoArgs(monotonic);
    if (!now) return -1;
    double t = PyFloat_AsDouble(now);
    Py_DECREF(now);
    if (t == -1.0 && PyErr_Occurred()) return -1;
    if (t > deadline) return 1;
    PyObject *answer = PyObject_CallNoArgs(cancelled);
    if (!answer) return -1;
    int yes = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return yes;
}

enum { WON, EXHAUSTED, PAUSED, STOPPED, FAILED };

/* compact.DepthFirst.resume; on a win, the won entry is left in `last`. */
static int run(Search *s, Py_ssize_t pause_at, Py_ssize_t positions, double deadline, PyObject *cancelled,
               Entry *last) {
    s->sink = collect;
    while (s->depth) {
        Level *level = &s->levels[s->depth - 1];
        if (s->entries_len == level->start) {
            if (!close_level(s)) goto memory;
            s->depth--;
            continue;
        }
        if ((Py_ssize_t)s->count >= pause_at) return PAUSED;
        Entry e = s->entries[--s->entries_len];
        Pos p;
        unpack(s, e.node, &p);
        if (won(&p)) {
            *last = e;
            return WON;
        }
        s->expanded++;
        if (s->expanded % POLL == 0) {
            int out = out_of_budget(s, positions, deadline, cancelled);
            if (out < 0) return FAILED;
            if (out) return STOPPED;
        }
        if (!push_level(s, e.index, e.key)) goto memory;
        if (!fresh(s, &p)) goto memory;
        order_level(s, s->levels[s->depth - 1].start);
    }
    return EXHAUSTED;
memory:
    PyErr_NoMemory();
    return FAILED;
}

/* The child indices from the root down to the won entry (the root's own left out). */
static PyObject *path_of(const Search *s, const Entry *last) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (size_t l = 0; l <= s->depth; l++) {
        int32_t index = l < s->depth ? s->levels[l].taken : last->index;
        if (l == 0 && l < s->depth) continue; /* the roots' level: nothing was taken into it */
        if (index < 0) continue;
        PyObject *item = PyLong_FromLong(index);
        if (!item || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
    }
    return out;
}

/* -------------------------------------------------------------------- beam */

/* compact.Beam over this search: each depth's positions, the `widths[pass]` best kept, all
 * expanded before going deeper; a fresh table of positions each pass. An entry's `index` is
 * its trail: the record of the child index that reached it and the trail before. */
typedef struct {
    int32_t before, index;
} Trail;

typedef struct {
    Search s; /* first: a sink's Search is its Beam */
    Pos root;
    Entry *frontier, *deeper;
    size_t frontier_len, frontier_cap, deeper_len, deeper_cap, at;
    Trail *trails;
    size_t trails_len, trails_cap;
    Py_ssize_t widths[16];
    int passes, pass;
    size_t earlier; /* the positions stored by the passes before this one */
    int32_t from, won_index; /* on a win: the expanded entry's trail, and the won child's index */
} Beam;

#define BEAM_CAPSULE "game.solver._alternate.Beam"

/* Beam.resume's loop body over each child: a win stops, an admitted child goes deeper. */
static int beam_kid(Search *s, const Pos *child) {
    if (won(child)) {
        ((Beam *)s)->won_index = s->kid_index;
        return 1;
    }
    return collect(s, child);
}

/* Beam.resume's loop over the children of the entry expanded (`from`): each admitted one (in
 * order, up to a won one) goes deeper; 1 on a win, 0 if none, -1 out of memory. */
static int beam_children(Beam *b, const Pos *p) {
    Search *s = &b->s;
    s->pending_len = 0;
    int made = children(s, p);
    if (made < 0) return -1;
    for (size_t a = 0; a < s->pending_len; a++) {
        Pending *k = &s->pending[a];
        int yes = admit_key(s, &k->pos, k->key, k->n, k->hash, NULL);
        if (yes < 0) return -1;
        if (!yes) continue;
        if (!grow((void **)&b->trails, &b->trails_cap, b->trails_len + 1, sizeof(Trail)) ||
            !grow((void **)&b->deeper, &b->deeper_cap, b->deeper_len + 1, sizeof(Entry)))
            return -1;
        b->trails[b->trails_len] = (Trail){b->from, k->index};
        Entry *e = &b->deeper[b->deeper_len++];
        e->score = score(s, &k->pos);
        e->index = (int32_t)b->trails_len++;
        pack(s, &k->pos, e->node);
    }
    return made;
}

/* Beam._pass: a fresh table of positions, the root alone on the frontier if admitted. */
static int beam_pass(Beam *b) {
    Search *s = &b->s;
    b->earlier += s->count;
    free(s->slots);
    free(s->keys);
    s->slots = NULL;
    s->keys = NULL;
    s->slots_cap = s->keys_cap = s->keys_len = s->count = 0;
    s->expanded = 0;
    b->trails_len = b->frontier_len = b->deeper_len = b->at = 0;
    int yes = admit(s, &b->root, NULL);
    if (yes < 0 || !grow((void **)&b->frontier, &b->frontier_cap, 1, sizeof(Entry))) return 0;
    if (yes) {
        b->frontier[0].score = score(s, &b->root);
        b->frontier[0].index = -1;
        pack(s, &b->root, b->frontier[0].node);
        b->frontier_len = 1;
    }
    return 1;
}

static int by_score(const void *x, const void *y) {
    const Entry *a = x, *b = y;
    if (a->score != b->score) return a->score < b->score ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index; /* trails are made in order: stable */
}

/* Beam._next_depth: 1 if there is a depth to expand, 0 if the last pass died out, -1 memory. */
static int beam_next_depth(Beam *b) {
    while (!b->deeper_len) {
        if (b->pass + 1 >= b->passes) return 0;
        b->pass++;
        if (!beam_pass(b)) return -1;
        if (b->frontier_len) return 1;
    }
    qsort(b->deeper, b->deeper_len, sizeof(Entry), by_score);
    size_t keep = b->deeper_len < (size_t)b->widths[b->pass] ? b->deeper_len : (size_t)b->widths[b->pass];
    Entry *swap = b->frontier;
    size_t swap_cap = b->frontier_cap;
    b->frontier = b->deeper;
    b->frontier_cap = b->deeper_cap;
    b->frontier_len = keep;
    b->deeper = swap;
    b->deeper_cap = swap_cap;
    b->deeper_len = 0;
    b->at = 0;
    return 1;
}

enum { BEAM_WON, BEAM_ENDED, BEAM_PAUSED, BEAM_STOPPED, BEAM_FAILED };

/* compact.Beam.resume */
static int beam_run(Beam *b, Py_ssize_t pause_at, Py_ssize_t positions, double deadline, PyObject *cancelled) {
    Search *s = &b->s;
    s->sink = beam_kid;
    for (;;) {
        if (b->at == b->frontier_len) {
            int next = beam_next_depth(b);
            if (next < 0) goto memory;
            if (!next) return BEAM_ENDED;
        }
        if ((Py_ssize_t)(b->earlier + s->count) >= pause_at) return BEAM_PAUSED;
        Entry *e = &b->frontier[b->at++];
        s->expanded++;
        if (s->expanded % POLL == 0) {
            int out = out_of_budget(s, positions, deadline, cancelled);
            if (out < 0) return BEAM_FAILED;
            if (out) return BEAM_STOPPED;
        }
        Pos p;
        unpack(s, e->node, &p);
        b->from = e->index;
        int made = beam_children(b, &p);
        if (made < 0) goto memory;
        if (made > 0) return BEAM_WON;
    }
memory:
    PyErr_NoMemory();
    return BEAM_FAILED;
}

/* The child indices from the root down to the won child. */
static PyObject *beam_path(const Beam *b) {
    size_t n = 1;
    for (int32_t t = b->from; t >= 0; t = b->trails[t].before) n++;
    PyObject *out = PyList_New((Py_ssize_t)n);
    if (!out) return NULL;
    Py_ssize_t at = (Py_ssize_t)n - 1;
    PyObject *item = PyLong_FromLong(b->won_index);
    if (!item) goto fail;
    PyList_SET_ITEM(out, at, item);
    for (int32_t t = b->from; t >= 0; t = b->trails[t].before) {
        item = PyLong_FromLong(b->trails[t].index);
        if (!item) goto fail;
        PyList_SET_ITEM(out, --at, item);
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

/* ------------------------------------------------------------------ Python */

static void release(Search *s) {
    free(s->entries);
    free(s->levels);
    free(s->slots);
    free(s->keys);
    free(s->pending);
    free(s->open);
    Py_XDECREF(s->marks_owner);
    free(s);
}

#define MARKS_CAPSULE "game.solver._alternate.Marks"

static void marks_gone(PyObject *capsule) {
    Marks *m = PyCapsule_GetPointer(capsule, MARKS_CAPSULE);
    if (!m) return;
    free(m->slots);
    free(m->keys);
    free(m);
}

static Marks *marks_of(PyObject *capsule) {
    return PyCapsule_IsValid(capsule, MARKS_CAPSULE) ? PyCapsule_GetPointer(capsule, MARKS_CAPSULE) : NULL;
}

static void capsule_gone(PyObject *capsule) {
    Search *s = PyCapsule_GetPointer(capsule, CAPSULE);
    if (s) release(s);
}

static Search *search_of(PyObject *capsule) {
    return PyCapsule_IsValid(capsule, CAPSULE) ? PyCapsule_GetPointer(capsule, CAPSULE) : NULL;
}

static int bytes_of(PyObject *b, Py_ssize_t size, const char *what, const uint8_t **out) {
    if (!PyBytes_Check(b) || PyBytes_GET_SIZE(b) != size) {
        PyErr_Format(PyExc_ValueError, "new: %s must be %zd bytes", what, size);
        return 0;
    }
    *out = (const uint8_t *)PyBytes_AS_STRING(b);
    return 1;
}

static int parse_rules(Rules *r, PyObject *fits, PyObject *place, PyObject *parents, PyObject *mate,
                       PyObject *fills, PyObject *next_home, PyObject *opposite) {
    const uint8_t *f, *pl, *pa, *m, *fi, *nh, *op;
    if (!bytes_of(fits, 128 * 128, "fits", &f) || !bytes_of(place, CARDS, "place", &pl) ||
        !bytes_of(parents, 2 * CARDS, "parents", &pa) || !bytes_of(mate, CARDS, "mate", &m) ||
        !bytes_of(fills, CARDS, "fills", &fi) || !bytes_of(next_home, 4 * 14, "next_home", &nh) ||
        !bytes_of(opposite, 8, "opposite", &op))
        return 0;
    memcpy(r->fits, f, sizeof r->fits);
    for (int c = 0; c < CARDS; c++) {
        if (pl[c] > 12 || m[c] >= CARDS || (pa[2 * c] >= CARDS && pa[2 * c] != NONE) ||
            (pa[2 * c + 1] >= CARDS && pa[2 * c + 1] != NONE)) {
            PyErr_SetString(PyExc_ValueError, "new: a card's place, mate or parent is out of range");
            return 0;
        }
        r->place[c] = pl[c];
        r->mate[c] = m[c];
        r->fills[c] = fi[c] != 0;
        r->nparents[c] = 0;
        r->parent_bits[c] = 0;
        for (int k = 0; k < 2; k++)
            if (pa[2 * c + k] != NONE) {
                r->parents[c][r->nparents[c]++] = pa[2 * c + k];
                r->parent_bits[c] |= (uint64_t)1 << pa[2 * c + k];
            }
    }
    for (int c = 0; c < CARDS; c++) {
        r->before_bits[c] = 0;
        for (int d = 0; d < CARDS; d++)
            if (suit_of(d) == suit_of(c) && r->place[d] < r->place[c]) r->before_bits[c] |= (uint64_t)1 << d;
    }
    for (int s = 0; s < 4; s++) {
        for (int h = 0; h < 14; h++) {
            int card = nh[s * 14 + h];
            if (card != NONE && card >= CARDS) {
                PyErr_SetString(PyExc_ValueError, "new: next_home holds a card out of range");
                return 0;
            }
            r->next_home[s][h] = card == NONE ? -1 : card;
        }
        for (int k = 0; k < 2; k++) {
            if (op[2 * s + k] > 3) {
                PyErr_SetString(PyExc_ValueError, "new: opposite holds a suit out of range");
                return 0;
            }
            r->opposite[s][k] = op[2 * s + k];
        }
    }
    return 1;
}

/* Each pile's cards into `p` (tableau piles may hold face-down cards), each card once. */
static int parse_piles(PyObject *piles, int first, int tableau, Pos *p, uint8_t *met) {
    Py_ssize_t n = PyTuple_GET_SIZE(piles);
    for (Py_ssize_t q = 0; q < n; q++) {
        PyObject *pile = PyTuple_GET_ITEM(piles, q);
        if (!PyBytes_Check(pile) || PyBytes_GET_SIZE(pile) > CARDS) {
            PyErr_SetString(PyExc_ValueError, "new: every pile must be bytes of at most 52 cards");
            return 0;
        }
        const uint8_t *cards = (const uint8_t *)PyBytes_AS_STRING(pile);
        Py_ssize_t len = PyBytes_GET_SIZE(pile);
        for (Py_ssize_t a = 0; a < len; a++) {
            int card = cards[a], face = card >= DOWN && tableau ? card - DOWN : card;
            if (face >= CARDS || met[face]++) {
                PyErr_Format(PyExc_ValueError, "new: card %d is out of range or met twice", card);
                return 0;
            }
            p->card[first + q][a] = (uint8_t)card;
        }
        p->len[first + q] = (uint8_t)len;
    }
    return 1;
}

/* new()'s arguments (and beam()'s, `widths` after them) into `s` and its root `root`. */
/* The arguments `new` and `beam` share; `last` gets the one after them (`new`'s marks,
 * `beam`'s widths). */
static int setup(Search *s, Pos *root, PyObject *args, const char *format, PyObject **last) {
    PyObject *fits, *place, *parents, *mate, *fills, *next_home, *opposite, *tableau, *found, *side;
    int down, redeals, weight;
    if (!PyArg_ParseTuple(args, format, &fits, &place, &parents, &mate, &fills, &next_home, &opposite,
                          &PyTuple_Type, &tableau, &PyBytes_Type, &found, &PyTuple_Type, &side, &down, &redeals,
                          &weight, last))
        return 0;
    Py_ssize_t nt = PyTuple_GET_SIZE(tableau), ns = PyTuple_GET_SIZE(side);
    if (nt < 1 || nt > MAX_TAB || ns < 3 || ns > MAX_SIDE) {
        PyErr_Format(PyExc_ValueError, "new: 1 to %d tableau piles and 3 to %d side piles", MAX_TAB, MAX_SIDE);
        return 0;
    }
    if (PyBytes_GET_SIZE(found) != 4 || redeals < 0 || redeals > 255 || weight < 0 || weight > 1000) {
        PyErr_SetString(PyExc_ValueError, "new: found must be 4 bytes, redeals 0-255, the weight 0-1000");
        return 0;
    }
    s->nt = (int)nt;
    s->ns = (int)ns;
    s->reserve_weight = weight;
    memset(root, 0, sizeof *root);
    uint8_t met[CARDS] = {0};
    const uint8_t *f = (const uint8_t *)PyBytes_AS_STRING(found);
    int held = 0, home = 0;
    for (int suit = 0; suit < 4; suit++) {
        root->found[suit] = f[suit];
        home += f[suit];
    }
    if (!parse_rules(&s->r, fits, place, parents, mate, fills, next_home, opposite) ||
        !parse_piles(tableau, 0, 1, root, met) || !parse_piles(side, s->nt, 0, root, met))
        return 0;
    for (int c = 0; c < CARDS; c++) held += met[c];
    if (held + home != CARDS || down < 0 || down > root->len[s->nt] || f[0] > 13 || f[1] > 13 || f[2] > 13 ||
        f[3] > 13) {
        PyErr_SetString(PyExc_ValueError, "new: the piles and foundations must hold the 52 cards once, and "
                                          "the stock at least its face-down cards");
        return 0;
    }
    for (int i = 0; i < s->nt; i++) /* a tableau pile's top card is face up */
        if (root->len[i] && root->card[i][root->len[i] - 1] >= DOWN) {
            PyErr_SetString(PyExc_ValueError, "new: a tableau pile's top card must be face up");
            return 0;
        }
    root->down = (uint8_t)down;
    root->redeals = (uint8_t)redeals;
    return 1;
}

static PyObject *new_search(PyObject *module, PyObject *args) {
    (void)module;
    Search *s = calloc(1, sizeof(Search));
    if (!s) return PyErr_NoMemory();
    Pos root;
    PyObject *marks = Py_None;
    if (!setup(s, &root, args, "OOOOOOOO!O!O!iii|O:new", &marks)) goto fail;
    if (marks != Py_None) {
        if (!(s->marks = marks_of(marks))) {
            PyErr_SetString(PyExc_TypeError, "new: marks must be None or made by marks()");
            goto fail;
        }
        Py_INCREF(marks);
        s->marks_owner = marks;
        s->marking = 1;
        s->extra = 4;
    }
    if (!push_level(s, -1, 0)) {
        PyErr_NoMemory();
        goto fail;
    }
    uint32_t where = 0;
    int yes = admit(s, &root, &where);
    if (yes < 0 || (yes && !push_entry(s, &root, -1, where))) {
        PyErr_NoMemory();
        goto fail;
    }
    PyObject *capsule = PyCapsule_New(s, CAPSULE, capsule_gone);
    if (!capsule) goto fail;
    return capsule;
fail:
    release(s);
    return NULL;
}

static PyObject *resume(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *capsule, *cancelled;
    Py_ssize_t pause_at, positions;
    double deadline;
    if (!PyArg_ParseTuple(args, "OnndO:resume", &capsule, &pause_at, &positions, &deadline, &cancelled)) return NULL;
    Search *s = search_of(capsule);
    if (!s) {
        PyErr_SetString(PyExc_TypeError, "resume: not a search made by new()");
        return NULL;
    }
    if (!PyCallable_Check(cancelled)) {
        PyErr_SetString(PyExc_TypeError, "resume: cancelled must be callable");
        return NULL;
    }
    if (pause_at < 0 || positions < 0) {
        PyErr_SetString(PyExc_ValueError, "resume: pause_at and positions must not be negative");
        return NULL;
    }
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "resume: the search is running (called from its cancelled)");
        return NULL;
    }
    Entry last;
    s->busy = 1;
    int outcome = run(s, pause_at, positions, deadline, cancelled, &last);
    s->busy = 0;
    if (outcome == FAILED) return NULL;
    static const char *names[] = {"won", "exhausted", "paused", "stopped"};
    if (outcome != WON) return Py_BuildValue("(sO)", names[outcome], Py_None);
    PyObject *path = path_of(s, &last);
    if (!path) return NULL;
    PyObject *result = Py_BuildValue("(sO)", names[outcome], path);
    Py_DECREF(path);
    return result;
}

static PyObject *counts(PyObject *module, PyObject *capsule) {
    (void)module;
    Search *s = search_of(capsule);
    if (!s) {
        PyErr_SetString(PyExc_TypeError, "counts: not a search made by new()");
        return NULL;
    }
    return Py_BuildValue("(nL)", (Py_ssize_t)s->count, s->expanded);
}

static PyObject *new_marks(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    Marks *m = calloc(1, sizeof(Marks));
    if (!m) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(m, MARKS_CAPSULE, marks_gone);
    if (!capsule) free(m);
    return capsule;
}

static PyObject *marks_count(PyObject *module, PyObject *capsule) {
    (void)module;
    Marks *m = marks_of(capsule);
    if (!m) {
        PyErr_SetString(PyExc_TypeError, "marks_count: not marks made by marks()");
        return NULL;
    }
    return PyLong_FromSize_t(m->count);
}

static void beam_gone(PyObject *capsule) {
    Beam *b = PyCapsule_GetPointer(capsule, BEAM_CAPSULE);
    if (!b) return;
    free(b->frontier);
    free(b->deeper);
    free(b->trails);
    release(&b->s); /* frees `b` too: its Search comes first */
}

static Beam *beam_of(PyObject *capsule) {
    return PyCapsule_IsValid(capsule, BEAM_CAPSULE) ? PyCapsule_GetPointer(capsule, BEAM_CAPSULE) : NULL;
}

static PyObject *new_beam(PyObject *module, PyObject *args) {
    (void)module;
    Beam *b = calloc(1, sizeof(Beam));
    if (!b) return PyErr_NoMemory();
    PyObject *widths = NULL, *capsule = NULL;
    if (!setup(&b->s, &b->root, args, "OOOOOOOO!O!O!iiiO:beam", &widths)) goto fail;
    if (!PyTuple_Check(widths)) {
        PyErr_SetString(PyExc_TypeError, "beam: widths must be a tuple");
        goto fail;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(widths);
    if (n < 1 || n > 16) {
        PyErr_SetString(PyExc_ValueError, "beam: 1 to 16 widths");
        goto fail;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_ssize_t w = PyLong_AsSsize_t(PyTuple_GET_ITEM(widths, k));
        if (w == -1 && PyErr_Occurred()) goto fail;
        if (w < 1) {
            PyErr_SetString(PyExc_ValueError, "beam: every width must be positive");
            goto fail;
        }
        b->widths[k] = w;
    }
    b->passes = (int)n;
    if (!beam_pass(b)) {
        PyErr_NoMemory();
        goto fail;
    }
    capsule = PyCapsule_New(b, BEAM_CAPSULE, beam_gone);
    if (capsule) return capsule;
fail:
    free(b->frontier);
    free(b->deeper);
    free(b->trails);
    release(&b->s);
    return NULL;
}

static PyObject *beam_resume(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *capsule, *cancelled;
    Py_ssize_t pause_at, positions;
    double deadline;
    if (!PyArg_ParseTuple(args, "OnndO:beam_resume", &capsule, &pause_at, &positions, &deadline, &cancelled))
        return NULL;
    Beam *b = beam_of(capsule);
    if (!b) {
        PyErr_SetString(PyExc_TypeError, "beam_resume: not a beam made by beam()");
        return NULL;
    }
    if (!PyCallable_Check(cancelled)) {
        PyErr_SetString(PyExc_TypeError, "beam_resume: cancelled must be callable");
        return NULL;
    }
    if (pause_at < 0 || positions < 0) {
        PyErr_SetString(PyExc_ValueError, "beam_resume: pause_at and positions must not be negative");
        return NULL;
    }
    if (b->s.busy) {
        PyErr_SetString(PyExc_RuntimeError, "beam_resume: the beam is running (called from its cancelled)");
        return NULL;
    }
    b->s.busy = 1;
    int outcome = beam_run(b, pause_at, positions, deadline, cancelled);
    b->s.busy = 0;
    if (outcome == BEAM_FAILED) return NULL;
    static const char *names[] = {"won", "ended", "paused", "stopped"};
    if (outcome != BEAM_WON) return Py_BuildValue("(sO)", names[outcome], Py_None);
    PyObject *path = beam_path(b);
    if (!path) return NULL;
    PyObject *result = Py_BuildValue("(sO)", names[outcome], path);
    Py_DECREF(path);
    return result;
}

static PyObject *beam_counts(PyObject *module, PyObject *capsule) {
    (void)module;
    Beam *b = beam_of(capsule);
    if (!b) {
        PyErr_SetString(PyExc_TypeError, "beam_counts: not a beam made by beam()");
        return NULL;
    }
    return Py_BuildValue("(nL)", (Py_ssize_t)(b->earlier + b->s.count), b->s.expanded);
}

static PyMethodDef methods[] = {
    {"new", new_search, METH_VARARGS,
     "new(fits, place, parents, mate, fills, next_home, opposite, tableau, found, side, down, redeals, "
     "reserve_weight[, marks]) -> search: Lady Jane's depth-first search (alternate_stock.LadyJaneStock) set up "
     "at a settled position, its root admitted; with marks (from marks()), positions kept there are lost, and "
     "the positions this search proves lost are added to them (lost_marks.LostMarks). The rule tables as alternate_rules.Rules has them (parents: two "
     "bytes a card, 255 for none; next_home: 14 bytes a suit, 255 for -1; opposite: each suit's two suits "
     "of the other colour); tableau: each pile's cards (face down + 64); found: each suit's height; side: "
     "stock, waste, reserves; down: the stock's face-down cards."},
    {"resume", resume, METH_VARARGS,
     "resume(search, pause_at, positions, deadline, cancelled) -> (outcome, path): search on (compact."
     "DepthFirst.resume). outcome is 'won' (path: the index in children() of each child taken after the "
     "root), 'exhausted' (no win), 'paused' (pause_at positions stored) or 'stopped' (positions, deadline "
     "or cancelled, looked at every 64 positions expanded)."},
    {"counts", counts, METH_O, "counts(search) -> (stored, expanded): the positions stored and expanded so far."},
    {"marks", new_marks, METH_NOARGS, "marks() -> marks: an empty table of positions proved lost, for new()."},
    {"marks_count", marks_count, METH_O, "marks_count(marks) -> the positions kept in marks."},
    {"beam", new_beam, METH_VARARGS,
     "beam(<new's arguments>, widths) -> beam: compact.Beam over the same search (its first pass set up at the "
     "root; widths: the beam's width on each pass)."},
    {"beam_resume", beam_resume, METH_VARARGS,
     "beam_resume(beam, pause_at, positions, deadline, cancelled) -> (outcome, path): search on (compact.Beam."
     "resume). outcome is 'won' (path: the index in children() of each child taken from the root), 'ended' "
     "(the last pass died out), 'paused' (pause_at positions stored in all passes) or 'stopped' (this pass's "
     "positions, the deadline or cancelled, looked at every 64 positions it expanded)."},
    {"beam_counts", beam_counts, METH_O,
     "beam_counts(beam) -> (stored, expanded): the positions stored by all passes, and expanded by this one."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "game.solver._alternate",
    .m_doc = "Lady Jane's depth-first search in C (see alternate.py and alternate_native.py).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__alternate(void) {
    PyObject *time = PyImport_ImportModule("time");
    if (!time) return NULL;
    Py_XDECREF(monotonic);
    monotonic = PyObject_GetAttrString(time, "monotonic");
    Py_DECREF(time);
    if (!monotonic) return NULL;
    return PyModule_Create(&module);
}
