/* The looser Kansas of game/solver/kansas_relaxed.py, searched in C.
 *
 * The same game and the same search, move for move and in the same order, so it stores the same
 * positions and gives the same answers as RelaxedKansas's plain search (the tests compare the
 * two); the module docstring of kansas_relaxed.py has the game and the argument for every
 * pruning. What C adds is speed and room. Deal 11's proof from the root (2.5 M positions)
 * takes 0.45 s against 2.9 s compiled by mypyc, and deal 4's (25.3 M) some 9 s; an answer
 * takes a 16-byte slot of an open-addressed table kept 42-85 % full, against some 86 bytes
 * in a dict.
 *
 * Most of the time is spent waiting for memory: a big table's look-ups miss the cache. So a
 * node's children are all gathered (and their slots fetched) before the first is tried, a
 * position's slot is claimed when its search starts and written, not read, when it ends, a
 * small table of recent answers is looked at first, and a big table asks for huge pages.
 *
 * A position inside the search is plain numbers: the set and the bottoms (a bit per card), the
 * reserve's and the stock's lengths, the foundation heights (four bits per suit), and per rank
 * (four bits each) the count of the set's cards and of those not at a bottom.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#ifdef _MSC_VER
#include <intrin.h>
#endif
#ifdef _WIN32
#include <malloc.h>
#endif

typedef uint64_t u64;

#define PILES 3
#define POLL 4096 /* new positions between two looks at the clock */
#define FULL ((u64)(13 | 13 << 4 | 13 << 8 | 13 << 12))
#define OCCUPIED ((u64)1 << 62)
#define WON_BIT ((u64)1 << 63)
#define PENDING ((u64)1 << 61) /* being searched, no answer yet */
#define KEY_BITS (((u64)1 << 44) - 1)
#define GONE (~(u64)0) /* the set of an abandoned slot's key: no position has it */
#define LOAD_IN 85
#define LOAD_OF 100 /* the table grows when it would be more than 85 % full */
#define RECENT_BITS 16 /* the recent answers: 65,536 slots, 1 MB (deal 4's proof: 4 % faster) */
#define ABORTED (-1) /* out of budget, out of time, cancelled or out of memory */
#define FAILED (-2)  /* a Python exception is set */

static int QUALITY[52];
static u64 ONE[52];     /* each card's one in a packed count */
static int FREE_BIT[52]; /* each card's bit in `free` */
static u64 LOW_BITS, HIGH_BITS;

typedef struct {
    u64 tableau, rest; /* the set; the rest of the key (KEY_BITS) and OCCUPIED, PENDING, WON_BIT */
} Slot;

typedef struct {
    u64 tableau, bottoms, heights, counts, loose;
    int reserve_n, stock_n;
} Position;

/* A position the search is about to try, settled, with its key but the set. */
typedef struct {
    Position p;
    u64 rest;
} Child;

typedef struct {
    PyObject_HEAD
    int reserve[52], stock[52], dealt[104];
    int reserve_len, stock_len, dealt_len, base;
    int card_at[4][14];
    int height[52];
    Slot *slots;
    Slot recent[(size_t)1 << RECENT_BITS];
    size_t capacity, count, used; /* slots; answers; slots taken (answers, pending, abandoned) */
    Child *kids; /* the children gathered, a node's after its parent's */
    size_t kids_len, kids_capacity;
    int out_of_memory;
    int searching; /* inside verdict(): its `cancelled` callback must not re-enter the table */
    /* the question being answered */
    long long left;
    double deadline;
    PyObject *cancelled, *monotonic;
} Table;

/* The compiler-specific pieces, each with a plain C fallback: the lowest set bit, a prefetch
 * (a hint only: a no-op where there is none) and cache-line-aligned memory (Windows has no
 * posix_memalign, MinGW included). SOLITAIRE_PLAIN_C picks the fallbacks (the tests compile it). */
#if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64)) && !defined(SOLITAIRE_PLAIN_C)
static inline int lowest(u64 bits) {
    unsigned long at;
    _BitScanForward64(&at, bits);
    return (int)at;
}
#elif (defined(__GNUC__) || defined(__clang__)) && !defined(SOLITAIRE_PLAIN_C)
static inline int lowest(u64 bits) { return __builtin_ctzll(bits); }
#else
static inline int lowest(u64 bits) {
    int at = 0;
    while (!(bits & 1) && at < 63) bits >>= 1, at++;
    return at;
}
#endif

#if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86)) && !defined(SOLITAIRE_PLAIN_C)
#define PREFETCH(address) _mm_prefetch((const char *)(address), _MM_HINT_T0)
#elif (defined(__GNUC__) || defined(__clang__)) && !defined(SOLITAIRE_PLAIN_C)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)(address))
#endif

#ifdef _WIN32
static void *aligned(size_t align, size_t bytes) { return _aligned_malloc(bytes, align); }
#define ALIGNED_FREE _aligned_free
#else
static void *aligned(size_t align, size_t bytes) {
    void *memory = NULL;
    return posix_memalign(&memory, align, bytes) ? NULL : memory;
}
#define ALIGNED_FREE free
#endif

static inline u64 mix(u64 a, u64 b) {
    u64 x = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL + (a >> 29));
    x ^= x >> 31;
    x *= 0xD6E8FEB86659FD93ULL;
    x ^= x >> 32;
    return x;
}

/* Where the look-up of a key starts: the first slot of a cache line (four slots), so that the
 * first probe sees four; the table is then fine up to LOAD_IN / LOAD_OF full. */
static size_t slot_of(const Table *t, u64 tableau, u64 rest) {
    return (size_t)mix(tableau, rest) & (t->capacity - 1) & ~(size_t)3;
}

static Slot *find(Table *t, u64 tableau, u64 rest) {
    size_t mask = t->capacity - 1, i = slot_of(t, tableau, rest);
    for (;;) {
        Slot *s = &t->slots[i];
        if (!(s->rest & OCCUPIED) || (s->tableau == tableau && (s->rest & KEY_BITS) == rest))
            return s;
        i = (i + 1) & mask;
    }
}

/* A zeroed table of `capacity` slots, aligned to cache lines. On Linux a big one asks for huge
 * pages, so that a look-up rarely misses the TLB as well as the cache (deal 4's proof: 7 %
 * faster). */
static Slot *new_slots(size_t capacity) {
    size_t bytes = capacity * sizeof(Slot), align = 64;
    void *memory = NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)2 << 20;
    if (bytes >= huge) align = huge;
#endif
    if (!(memory = aligned(align, bytes))) return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (align > 64) madvise(memory, bytes, MADV_HUGEPAGE);
#endif
    memset(memory, 0, bytes);
    return memory;
}

static int grow(Table *t) {
    size_t capacity = t->capacity ? t->capacity * 2 : 1 << 16;
    Slot *old = t->slots, *slots = new_slots(capacity);
    size_t old_capacity = t->capacity;
    if (!slots) return 0;
    t->slots = slots;
    t->capacity = capacity;
    t->used = 0;
    for (size_t i = 0; i < old_capacity; i++) {
        if (old[i].rest & OCCUPIED && old[i].tableau != GONE) {
            *find(t, old[i].tableau, old[i].rest & KEY_BITS) = old[i];
            t->used++;
        }
    }
    ALIGNED_FREE(old);
    return 1;
}

/* Take the empty slot `s` found for a key (growing the table first when it is full) with
 * these flags: the slot's index, or SIZE_MAX when there is no room. */
static size_t claim(Table *t, Slot *s, u64 tableau, u64 rest, u64 flags) {
    if ((t->used + 1) * LOAD_OF > t->capacity * LOAD_IN) {
        if (!grow(t)) {
            t->out_of_memory = 1;
            return SIZE_MAX;
        }
        s = find(t, tableau, rest);
    }
    s->tableau = tableau;
    s->rest = rest | OCCUPIED | flags;
    t->used++;
    return (size_t)(s - t->slots);
}

static inline Slot *recent_of(Table *t, u64 tableau, u64 rest) {
    return &t->recent[mix(tableau, rest) >> (64 - RECENT_BITS)];
}

/* Record the answer of the position claimed at slot `at` when the table had `capacity` slots,
 * or abandon its slot (`won` < 0). The slot is written without being read again when the
 * table has not grown since: reading it would mostly miss the cache, and the search waits for
 * a read, not for a write. */
static void answer(Table *t, size_t at, size_t capacity, u64 tableau, u64 rest, int won) {
    Slot *s = t->capacity == capacity ? &t->slots[at] : find(t, tableau, rest);
    if (won < 0) {
        s->tableau = GONE; /* still taken, so the look-ups that pass it go on */
        s->rest = OCCUPIED;
        return;
    }
    s->rest = rest | OCCUPIED | (won ? WON_BIT : 0);
    *recent_of(t, tableau, rest) = *s;
    t->count++;
}

/* The key but the set: the bottoms as card numbers plus one (six bits each), then the
 * reserve's and the stock's lengths and the heights. */
static u64 key_rest(const Position *p) {
    u64 code = 0, bottoms = p->bottoms;
    while (bottoms) {
        code = code << 6 | (u64)(lowest(bottoms) + 1);
        bottoms &= bottoms - 1;
    }
    return code | ((u64)p->reserve_n | (u64)p->stock_n << 4 | p->heights << 10) << 18;
}

static inline int height_of(u64 heights, int suit) { return (int)(heights >> 4 * suit & 15); }

/* The top card of the waste (-1: empty): the last dealt card found nowhere else. */
static int waste_top(const Table *t, u64 tableau, int stock_n, u64 heights) {
    for (int i = stock_n; i < t->dealt_len; i++) {
        int c = t->dealt[i];
        if (!(tableau >> c & 1) && t->height[c] >= height_of(heights, c / 13)) return c;
    }
    return -1;
}

/* The position with its safe cards sent home. */
static void settle(const Table *t, Position *p) {
    int again = 1;
    while (again) {
        again = 0;
        int low = 13;
        for (int suit = 0; suit < 4; suit++) {
            int h = height_of(p->heights, suit);
            if (h < low) low = h;
        }
        for (int suit = 0; suit < 4; suit++) {
            int h = height_of(p->heights, suit);
            if (h == 0 || h == 13 || low < h) continue;
            int card = t->card_at[suit][h];
            u64 bit = (u64)1 << card, one = ONE[card];
            if (p->reserve_n && t->reserve[p->reserve_n - 1] == card) {
                p->reserve_n--;
            } else if (p->tableau & bit) {
                if (p->bottoms & bit) {
                    if (p->reserve_n) continue;
                    p->bottoms &= ~bit;
                } else {
                    p->loose -= one;
                }
                p->tableau &= ~bit;
                p->counts -= one;
            } else if (card != waste_top(t, p->tableau, p->stock_n, p->heights)) {
                continue;
            }
            p->heights += (u64)1 << 4 * suit;
            again = 1;
        }
    }
}

/* A pile just emptied: the reserve's top, if any, fills it. */
static void refill(const Table *t, Position *p) {
    if (p->reserve_n) {
        int card = t->reserve[p->reserve_n - 1];
        p->tableau |= (u64)1 << card;
        p->bottoms |= (u64)1 << card;
        p->counts += ONE[card];
        p->reserve_n--;
    }
}

/* Whether the time is up or the search was cancelled: 1 yes, 0 no, FAILED on an exception. */
static int stopped(Table *t) {
    PyObject *now = PyObject_CallNoArgs(t->monotonic);
    if (!now) return FAILED;
    double seconds = PyFloat_AsDouble(now);
    Py_DECREF(now);
    if (seconds == -1.0 && PyErr_Occurred()) return FAILED;
    if (seconds > t->deadline) return 1;
    PyObject *answer = PyObject_CallNoArgs(t->cancelled);
    if (!answer) return FAILED;
    int yes = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return yes < 0 ? FAILED : yes;
}

/* Add `q`, settled, to the children being gathered, and start fetching its slot: a node's
 * children are all gathered before the first is tried, so that their look-ups, which mostly
 * miss the cache, overlap. Whether there was room. */
static int gather(Table *t, Position q) {
    if (t->kids_len == t->kids_capacity) {
        size_t capacity = t->kids_capacity ? t->kids_capacity * 2 : 1024;
        Child *kids = realloc(t->kids, capacity * sizeof(Child));
        if (!kids) return 0;
        t->kids = kids;
        t->kids_capacity = capacity;
    }
    settle(t, &q);
    Child *kid = &t->kids[t->kids_len++];
    kid->p = q;
    kid->rest = key_rest(&q);
    PREFETCH(&t->slots[slot_of(t, q.tableau, kid->rest)]);
    return 1;
}

static int moves(Table *t, const Position *p);

/* Whether the settled position `p` wins: 1, 0, or ABORTED / FAILED. */
static int wins(Table *t, const Position *p, u64 rest) {
    Slot *r = recent_of(t, p->tableau, rest);
    if (r->rest & OCCUPIED && r->tableau == p->tableau && (r->rest & KEY_BITS) == rest)
        return (r->rest & WON_BIT) != 0;
    Slot *s = find(t, p->tableau, rest);
    /* (A pending position is never met again below itself: every move sends a card home,
     * takes one from the reserve or the stock, or takes the waste's top into the set.) */
    if (s->rest & OCCUPIED) return (s->rest & WON_BIT) != 0;
    if (p->heights == FULL) {
        if (claim(t, s, p->tableau, rest, WON_BIT) == SIZE_MAX) return ABORTED;
        t->count++;
        return 1;
    }
    if (t->out_of_memory || --t->left < 0) return ABORTED;
    if (t->left % POLL == 0) {
        int stop = stopped(t);
        if (stop) return stop < 0 ? FAILED : ABORTED;
    }
    size_t at = claim(t, s, p->tableau, rest, PENDING), capacity = t->capacity;
    if (at == SIZE_MAX) return ABORTED;
    int won = moves(t, p);
    answer(t, at, capacity, p->tableau, rest, won);
    return won;
}

/* Gather the position after sending `card` home from `p` (`reserve_n` and `stock_n` once it
 * has left), unless the set would no longer be laid out. */
static int home(Table *t, int card, const Position *p, int reserve_n, int stock_n) {
    Position q = *p;
    q.reserve_n = reserve_n;
    q.stock_n = stock_n;
    int rank = QUALITY[card], below = (rank + 12) % 13;
    u64 bit = (u64)1 << card;
    if (q.tableau & bit) {
        if ((int)(q.loose >> 4 * below & 15) > (int)(q.counts >> 4 * rank & 15) - 1)
            return 1; /* the cards one rank lower would not all have a card to lie on */
        q.tableau &= ~bit;
        q.counts -= ONE[card];
        if (q.bottoms & bit) {
            q.bottoms &= ~bit;
            refill(t, &q);
        } else {
            q.loose -= ONE[card];
        }
    }
    q.heights += (u64)1 << 4 * (card / 13);
    return gather(t, q);
}

/* Gather the positions after `card` joins the set: on a card one rank higher, or
 * (`to_empty`) at the bottom of an empty pile, or of one a bottom leaves. */
static int join(Table *t, int card, const Position *p, int reserve_n, int stock_n, u64 free_ranks, int to_empty,
                int piles, u64 movable) {
    Position q = *p;
    q.reserve_n = reserve_n;
    q.stock_n = stock_n;
    u64 bit = (u64)1 << card;
    q.tableau |= bit;
    q.counts += ONE[card];
    if (free_ranks >> FREE_BIT[card] & 1) {
        Position r = q;
        r.loose += ONE[card];
        if (!gather(t, r)) return 0;
    }
    if (!to_empty) return 1;
    if (piles < PILES) {
        q.bottoms |= bit;
        return gather(t, q);
    }
    for (u64 rest = movable; rest; rest &= rest - 1) {
        int moved = lowest(rest);
        Position r = q;
        r.bottoms = (q.bottoms & ~((u64)1 << moved)) | bit;
        r.loose += ONE[moved];
        if (!gather(t, r)) return 0;
    }
    return 1;
}

/* Gather every move the search tries from `p`, in its order: a card home (from the waste's
 * or the reserve's top, or from the set), the waste's or the reserve's top into the set, a
 * bottom onto another pile, or cards dealt and the last of them played. Whether there was
 * room. */
static int gather_moves(Table *t, const Position *p) {
    int nexts[4];
    for (int suit = 0; suit < 4; suit++) nexts[suit] = t->card_at[suit][height_of(p->heights, suit)];
    /* Bit 4q + 3 of free_ranks: a card of rank q may join on a card one rank higher with
     * nothing on it; all ranks at once (see kansas_relaxed.py). */
    u64 above = p->counts >> 4 | (p->counts & 15) << 48;
    u64 free_ranks = ((above | HIGH_BITS) - (p->loose + LOW_BITS)) & HIGH_BITS;
    int piles = 0;
    u64 movable = 0;
    for (u64 rest = p->bottoms; rest; rest &= rest - 1) {
        piles++;
        if (free_ranks >> FREE_BIT[lowest(rest)] & 1) movable |= rest & -rest;
    }
    if (piles < 2) movable = 0;
    int reserve_n = p->reserve_n, stock_n = p->stock_n;
    int to_empty = !reserve_n && (piles < PILES || movable != 0);
    int waste = waste_top(t, p->tableau, stock_n, p->heights);
    int reserve = reserve_n ? t->reserve[reserve_n - 1] : -1;

    if (waste >= 0 && nexts[waste / 13] == waste && !home(t, waste, p, reserve_n, stock_n)) return 0;
    if (reserve >= 0 && nexts[reserve / 13] == reserve && !home(t, reserve, p, reserve_n - 1, stock_n)) return 0;
    for (int suit = 0; suit < 4; suit++) {
        int card = nexts[suit];
        if (p->tableau >> card & 1 && !home(t, card, p, reserve_n, stock_n)) return 0;
    }
    if (waste >= 0 && (free_ranks >> FREE_BIT[waste] & 1 || to_empty) &&
        !join(t, waste, p, reserve_n, stock_n, free_ranks, to_empty, piles, movable))
        return 0;
    if (reserve >= 0 && free_ranks >> FREE_BIT[reserve] & 1 &&
        !join(t, reserve, p, reserve_n - 1, stock_n, free_ranks, 0, piles, movable))
        return 0;
    if (reserve_n) {
        for (u64 rest = movable; rest; rest &= rest - 1) {
            int moved = lowest(rest);
            Position q = *p;
            q.bottoms &= ~((u64)1 << moved);
            refill(t, &q);
            q.loose += ONE[moved];
            if (!gather(t, q)) return 0;
        }
    }
    for (int i = stock_n - 1; i >= 0; i--) {
        int card = t->stock[i];
        if (nexts[card / 13] == card && !home(t, card, p, reserve_n, i)) return 0;
        if ((free_ranks >> FREE_BIT[card] & 1 || to_empty) &&
            !join(t, card, p, reserve_n, i, free_ranks, to_empty, piles, movable))
            return 0;
    }
    return 1;
}

/* Whether some move from `p` wins: its children tried in order until one does. */
static int moves(Table *t, const Position *p) {
    size_t first = t->kids_len;
    int won = 0;
    if (!gather_moves(t, p)) {
        t->out_of_memory = 1;
        won = ABORTED;
    }
    for (size_t k = first; !won && k < t->kids_len; k++) {
        Child kid = t->kids[k]; /* a copy: deeper gathering may move the array */
        won = wins(t, &kid.p, kid.rest);
    }
    t->kids_len = first;
    return won;
}

/* ------------------------------------------------------------------------ the Python type */

static int cards_of(PyObject *bytes, int *into, int most, int *length) {
    char *data;
    Py_ssize_t n;
    if (PyBytes_AsStringAndSize(bytes, &data, &n) < 0) return 0;
    if (n > most) {
        PyErr_SetString(PyExc_ValueError, "too many cards");
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int card = (unsigned char)data[i];
        if (card >= 52) {
            PyErr_SetString(PyExc_ValueError, "a card number out of range");
            return 0;
        }
        into[i] = card;
    }
    *length = (int)n;
    return 1;
}

/* RuntimeError when called from the `cancelled` callback of this table's own verdict(): a
 * second search, or a new root, would pull the table out from under the first. */
static int idle(const Table *t, const char *what) {
    if (t->searching) {
        PyErr_Format(PyExc_RuntimeError, "%s() called from the cancelled callback of this Table's own verdict()",
                     what);
        return 0;
    }
    return 1;
}

static int Table_init(Table *t, PyObject *args, PyObject *kwargs) {
    PyObject *reserve, *stock, *waste;
    int base;
    static char *names[] = {"reserve", "stock", "waste", "base", NULL};
    if (!idle(t, "__init__")) return -1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "SSSi:Table", names, &reserve, &stock, &waste, &base)) return -1;
    /* Read into locals first: a refused root leaves the table as it was. */
    int reserve_cards[52], stock_cards[52], waste_cards[52], reserve_len, stock_len, waste_len;
    if (!cards_of(reserve, reserve_cards, 52, &reserve_len) || !cards_of(stock, stock_cards, 52, &stock_len) ||
        !cards_of(waste, waste_cards, 52, &waste_len))
        return -1;
    if (base < 0 || base > 12 || reserve_len > 15 || stock_len > 63) {
        PyErr_SetString(PyExc_ValueError, "not a Kansas position");
        return -1;
    }
    memcpy(t->reserve, reserve_cards, sizeof reserve_cards);
    memcpy(t->stock, stock_cards, sizeof stock_cards);
    t->reserve_len = reserve_len;
    t->stock_len = stock_len;
    t->base = base;
    /* The stock, then the root's waste from the top down: from stock_n on, the dealt cards,
     * the last dealt first. */
    t->dealt_len = 0;
    for (int i = 0; i < t->stock_len; i++) t->dealt[t->dealt_len++] = t->stock[i];
    for (int i = waste_len - 1; i >= 0; i--) t->dealt[t->dealt_len++] = waste_cards[i];
    for (int suit = 0; suit < 4; suit++)
        for (int h = 0; h < 14; h++) t->card_at[suit][h] = suit * 13 + (base + h) % 13;
    for (int c = 0; c < 52; c++) t->height[c] = (QUALITY[c] - base + 13) % 13;
    ALIGNED_FREE(t->slots);
    t->slots = NULL;
    t->capacity = t->count = t->used = 0;
    memset(t->recent, 0, sizeof t->recent);
    t->out_of_memory = 0;
    if (!grow(t)) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Table_dealloc(Table *t) {
    ALIGNED_FREE(t->slots);
    free(t->kids);
    Py_XDECREF(t->monotonic);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

/* A position from Python as the search can hold it, else ValueError: cards are 0..51, the
 * bottoms lie in the set, at most three of them (six bits each in an 18-bit field of the key),
 * and each foundation height is 0..13 (the index into card_at). */
static int checked_position(unsigned long long tableau, unsigned long long bottoms, unsigned long long heights) {
    const char *wrong = NULL;
    int bottom_count = 0;
    for (u64 rest = bottoms; rest; rest &= rest - 1) bottom_count++;
    if (tableau >> 52)
        wrong = "tableau holds a card number above 51";
    else if (bottoms & ~tableau)
        wrong = "a bottom card that is not in the tableau";
    else if (bottom_count > 3)
        wrong = "more than three bottom cards";
    else if (heights >> 16)
        wrong = "heights holds more than four foundations";
    for (int suit = 0; !wrong && suit < 4; suit++)
        if ((heights >> 4 * suit & 15) > 13) wrong = "a foundation height above 13";
    if (wrong) {
        PyErr_SetString(PyExc_ValueError, wrong);
        return 0;
    }
    return 1;
}

/* TypeError unless __init__ has made the table (Table.__new__ alone leaves it empty). */
static int ready(const Table *t) {
    if (!t->slots) {
        PyErr_SetString(PyExc_TypeError, "this Table was never set up: call Table(reserve, stock, waste, base)");
        return 0;
    }
    return 1;
}

static int position_of(PyObject *args, Position *p, Py_ssize_t extra) {
    unsigned long long tableau, bottoms, heights;
    int reserve_n, stock_n;
    if (PyTuple_GET_SIZE(args) < 5 + extra) {
        PyErr_SetString(PyExc_TypeError, "a position takes five numbers");
        return 0;
    }
    PyObject *head = PyTuple_GetSlice(args, 0, 5);
    if (!head) return 0;
    int ok = PyArg_ParseTuple(head, "KKiiK", &tableau, &bottoms, &reserve_n, &stock_n, &heights);
    Py_DECREF(head);
    if (!ok) return 0;
    if (!checked_position(tableau, bottoms, heights)) return 0;
    p->tableau = tableau;
    p->bottoms = bottoms;
    p->reserve_n = reserve_n;
    p->stock_n = stock_n;
    p->heights = heights;
    p->counts = p->loose = 0;
    for (u64 rest = p->tableau; rest; rest &= rest - 1) p->counts += ONE[lowest(rest)];
    p->loose = p->counts;
    for (u64 rest = p->bottoms; rest; rest &= rest - 1) p->loose -= ONE[lowest(rest)];
    return 1;
}

static int in_range(const Table *t, const Position *p) {
    if (p->reserve_n < 0 || p->reserve_n > t->reserve_len || p->stock_n < 0 || p->stock_n > t->stock_len) {
        PyErr_SetString(PyExc_ValueError, "a length beyond the root's pile");
        return 0;
    }
    return 1;
}

static long known_of(Table *t, Position p) {
    settle(t, &p);
    u64 rest = key_rest(&p);
    Slot *s = find(t, p.tableau, rest);
    if (!(s->rest & OCCUPIED) || s->rest & PENDING) return -1;
    return (s->rest & WON_BIT) != 0;
}

static PyObject *Table_known(Table *t, PyObject *args) {
    Position p;
    if (!ready(t) || !position_of(args, &p, 0) || !in_range(t, &p)) return NULL;
    return PyLong_FromLong(known_of(t, p));
}

static PyObject *Table_verdict(Table *t, PyObject *args) {
    Position p;
    long long budget;
    double deadline;
    PyObject *cancelled;
    if (!idle(t, "verdict") || !ready(t) || !position_of(args, &p, 3) || !in_range(t, &p)) return NULL;
    PyObject *tail = PyTuple_GetSlice(args, 5, PyTuple_GET_SIZE(args));
    if (!tail) return NULL;
    int ok = PyArg_ParseTuple(tail, "LdO:verdict", &budget, &deadline, &cancelled);
    Py_DECREF(tail);
    if (!ok) return NULL;
    t->left = budget;
    t->deadline = deadline;
    t->cancelled = cancelled;
    t->searching = 1;
    int stop = stopped(t), won;
    if (stop) {
        won = stop < 0 ? FAILED : (int)known_of(t, p);
    } else {
        settle(t, &p);
        won = wins(t, &p, key_rest(&p));
    }
    t->searching = 0;
    t->cancelled = NULL; /* borrowed for this call only */
    t->kids_len = 0;
    if (won == FAILED) return NULL;
    return PyLong_FromLong(won);
}

static Py_ssize_t Table_len(Table *t) { return (Py_ssize_t)t->count; }

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    (void)args, (void)kwargs; /* Table_init reads them */
    Table *t = (Table *)type->tp_alloc(type, 0);
    if (!t) return NULL;
    PyObject *time = PyImport_ImportModule("time");
    if (!time) {
        Py_DECREF(t);
        return NULL;
    }
    t->monotonic = PyObject_GetAttrString(time, "monotonic");
    Py_DECREF(time);
    if (!t->monotonic) {
        Py_DECREF(t);
        return NULL;
    }
    return (PyObject *)t;
}

static PyMethodDef Table_methods[] = {
    {"verdict", (PyCFunction)Table_verdict, METH_VARARGS,
     "verdict(tableau, bottoms, reserve_n, stock_n, heights, budget, deadline, cancelled): 1 won, "
     "0 lost, -1 unknown (budget, deadline, cancelled or memory)."},
    {"known", (PyCFunction)Table_known, METH_VARARGS,
     "known(tableau, bottoms, reserve_n, stock_n, heights): the answer found so far (-1: none)."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Table_sequence = {.sq_length = (lenfunc)Table_len};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "game.solver._loose.Table",
    .tp_doc = "The looser Kansas of one root and the answers found so far (see kansas_relaxed.py).",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Table_new,
    .tp_init = (initproc)Table_init,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
    .tp_as_sequence = &Table_sequence,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "game.solver._loose",
    .m_doc = "The looser Kansas searched in C (see kansas_relaxed.py).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__loose(void) {
    for (int c = 0; c < 52; c++) {
        QUALITY[c] = c % 13;
        ONE[c] = (u64)1 << 4 * (c % 13);
        FREE_BIT[c] = 4 * (c % 13) + 3;
    }
    LOW_BITS = 0;
    for (int q = 0; q < 13; q++) LOW_BITS |= (u64)1 << 4 * q;
    HIGH_BITS = LOW_BITS << 3;
    if (PyType_Ready(&TableType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
