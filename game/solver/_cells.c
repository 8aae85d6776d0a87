/* The plain depth-first search of game/solver/cells.py (Baker's Game, Seahaven Towers), in C.
 *
 * The same search as a CellSearch with buried_weight=0 and gather=True driven by
 * compact.DepthFirst, move for move and in the same order: the same settling and gathering,
 * the same pruning (_run_to_cells, _onto_settled, kings_placed, settled piles), the same key
 * (the piles with a King at the bottom sorted after the others, then the sorted cells), the
 * same score (with _disorder) and the same order of ties (a stable sort, the best popped from
 * the end), the same look at the clock every POLL positions expanded. So it stores the same
 * positions, counts them the same way and gives the same line (the tests compare the two);
 * cells.py has the argument for every pruning. What C adds is speed.
 *
 * A position inside the search (Pos) is each tableau pile's cards and length, the cells, and
 * the foundation heights per suit. The children of the positions on the search's path are
 * kept packed in one arena, a stack: a node's children after its parent's, freed when the
 * search backs out of the node.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PILES 16
#define MAX_CELLS 8
#define CARDS 52
#define EMPTY 255
#define POLL 64 /* positions expanded between two looks at the clock and at `cancelled` */
/* A child's moves: each card home at most once, each cell's card onto a pile at most once in
 * a settle (nothing goes back to a cell there), the run to the cells, and the move itself. */
#define MAX_LINE (CARDS + 2 * MAX_CELLS + 1)
#define MAX_KEY (CARDS + MAX_PILES + MAX_CELLS + 1)

typedef struct {
    uint8_t src, dst, n;
} Move;

typedef struct {
    uint8_t len[MAX_PILES];
    uint8_t cell[MAX_CELLS];
    uint8_t found[4];
    uint8_t card[MAX_PILES][CARDS];
} Pos;

typedef struct {
    Move move[MAX_LINE];
    int n;
} Line;

/* A child in the arena: this header, then the packed position (found, cells, pile lengths,
 * cards), then its moves. */
typedef struct {
    int32_t score;
    int16_t homes[4];
    uint16_t moves;
    uint16_t size; /* the packed position's bytes */
} Head;

typedef struct {
    size_t arena_mark, kids_start;
    size_t taken; /* the arena offset of the child expanded into this level; SIZE_MAX at the root */
} Level;

typedef struct {
    uint64_t hash;
    size_t key; /* offset of the key (its length byte, then its bytes) in `keys`, plus one; 0: free */
} Slot;

typedef struct {
    int np, nc, base;
    uint8_t tix[MAX_PILES], cix[MAX_CELLS], fix[4];
    uint8_t *arena;
    size_t arena_len, arena_cap;
    size_t *kids;
    size_t kids_len, kids_cap;
    Level *levels;
    size_t depth, levels_cap;
    Slot *slots;
    size_t slots_cap, count;
    uint8_t *keys;
    size_t keys_len, keys_cap;
    int no_memory;
} Search;

static PyObject *monotonic; /* time.monotonic, as compact.DepthFirst reads the clock */

static inline int rank_of(int card) { return card % 13 + 1; }
static inline int suit_of(int card) { return card / 13; }
static inline int is_king(int card) { return card % 13 == 12; }
static inline int parent_of(int card) { return is_king(card) ? -1 : card + 1; }
static inline int goes_home(const Pos *p, int card) { return p->found[suit_of(card)] == card % 13; }

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

/* --------------------------------------------------------------- positions */

/* What CellSearch._info gives: the disorder times 4, plus 2 if a King lies above the bottom,
 * plus 1 if settled (a King with the cards of its suit below it in order on top). */
static int info(const uint8_t *pile, int n) {
    int d = 0, above = 0;
    for (int a = 0; a + 1 < n; a++) {
        int card = pile[a + 1];
        if (is_king(card)) {
            above = 1;
            d++;
        } else if (card != pile[a] - 1) {
            d++;
        }
    }
    return 4 * d + (above ? 2 : 0) + (n && is_king(pile[0]) && d == 0 ? 1 : 0);
}

static int score(const Search *s, const Pos *p) {
    int home = p->found[0] + p->found[1] + p->found[2] + p->found[3];
    int disorder = 0, empty = 0, used = 0;
    for (int i = 0; i < s->np; i++) {
        if (!p->len[i])
            empty++;
        else
            disorder += info(p->card[i], p->len[i]) >> 2;
    }
    for (int j = 0; j < s->nc; j++) used += p->cell[j] != EMPTY;
    return -10 * home + 3 * disorder + 2 * used - 4 * empty;
}

static int won(const Pos *p) { return p->found[0] + p->found[1] + p->found[2] + p->found[3] == CARDS; }

static int has_cell(const Search *s, const uint8_t *cells, int card) {
    for (int j = 0; j < s->nc; j++)
        if (cells[j] == card) return 1;
    return 0;
}

/* cells._key: the piles that are not empty, each followed by 255, those with a King at the
 * bottom sorted after the others; then the sorted cells. Its length. */
static int make_key(const Search *s, const Pos *p, uint8_t *out) {
    int at = 0, loose[MAX_PILES], nl = 0;
    for (int i = 0; i < s->np; i++) {
        int n = p->len[i];
        if (!n) continue;
        if (is_king(p->card[i][0])) {
            loose[nl++] = i;
            continue;
        }
        memcpy(out + at, p->card[i], (size_t)n);
        at += n;
        out[at++] = EMPTY;
    }
    for (int a = 1; a < nl; a++) { /* insertion sort, as bytes sort: a prefix first */
        int x = loose[a], b = a - 1;
        while (b >= 0) {
            int y = loose[b], nx = p->len[x], ny = p->len[y];
            int c = memcmp(p->card[y], p->card[x], (size_t)(nx < ny ? nx : ny));
            if (c < 0 || (c == 0 && ny <= nx)) break;
            loose[b + 1] = y;
            b--;
        }
        loose[b + 1] = x;
    }
    for (int a = 0; a < nl; a++) {
        int i = loose[a];
        memcpy(out + at, p->card[i], p->len[i]);
        at += p->len[i];
        out[at++] = EMPTY;
    }
    uint8_t *cells = out + at;
    memcpy(cells, p->cell, (size_t)s->nc);
    for (int a = 1; a < s->nc; a++) {
        uint8_t x = cells[a];
        int b = a - 1;
        while (b >= 0 && cells[b] > x) cells[b + 1] = cells[b], b--;
        cells[b + 1] = x;
    }
    return at + s->nc;
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

static int same_key(const Search *s, const Slot *slot, const uint8_t *key, int n) {
    const uint8_t *stored = s->keys + slot->key - 1;
    return stored[0] == n && memcmp(stored + 1, key, (size_t)n) == 0;
}

static int rehash(Search *s) {
    size_t cap = s->slots_cap ? s->slots_cap * 2 : 1024;
    Slot *slots = calloc(cap, sizeof(Slot));
    if (!slots) return 0;
    for (size_t a = 0; a < s->slots_cap; a++) {
        Slot old = s->slots[a];
        if (!old.key) continue;
        size_t b = (size_t)old.hash & (cap - 1);
        while (slots[b].key) b = (b + 1) & (cap - 1);
        slots[b] = old;
    }
    free(s->slots);
    s->slots = slots;
    s->slots_cap = cap;
    return 1;
}

/* Record the key of `p` as seen: 1 if it is new, 0 if seen before, -1 out of memory. */
static int admit(Search *s, const Pos *p) {
    uint8_t key[MAX_KEY];
    int n = make_key(s, p, key);
    if (2 * (s->count + 1) > s->slots_cap && !rehash(s)) return -1;
    uint64_t h = hash_of(key, n);
    size_t b = (size_t)h & (s->slots_cap - 1);
    while (s->slots[b].key) {
        if (s->slots[b].hash == h && same_key(s, &s->slots[b], key, n)) return 0;
        b = (b + 1) & (s->slots_cap - 1);
    }
    if (!grow((void **)&s->keys, &s->keys_cap, s->keys_len + (size_t)n + 1, 1)) return -1;
    s->keys[s->keys_len] = (uint8_t)n;
    memcpy(s->keys + s->keys_len + 1, key, (size_t)n);
    s->slots[b].hash = h;
    s->slots[b].key = s->keys_len + 1;
    s->keys_len += (size_t)n + 1;
    s->count++;
    return 1;
}

static size_t packed_size(const Search *s, const Pos *p) {
    size_t size = 4 + (size_t)s->nc + (size_t)s->np;
    for (int i = 0; i < s->np; i++) size += p->len[i];
    return size;
}

static void pack(const Search *s, const Pos *p, uint8_t *out) {
    memcpy(out, p->found, 4);
    memcpy(out + 4, p->cell, (size_t)s->nc);
    memcpy(out + 4 + s->nc, p->len, (size_t)s->np);
    out += 4 + s->nc + s->np;
    for (int i = 0; i < s->np; i++) {
        memcpy(out, p->card[i], p->len[i]);
        out += p->len[i];
    }
}

static void unpack(const Search *s, const uint8_t *in, Pos *p) {
    memcpy(p->found, in, 4);
    memcpy(p->cell, in + 4, (size_t)s->nc);
    memcpy(p->len, in + 4 + s->nc, (size_t)s->np);
    in += 4 + s->nc + s->np;
    for (int i = 0; i < s->np; i++) {
        memcpy(p->card[i], in, p->len[i]);
        in += p->len[i];
    }
}

static void copy_pos(const Search *s, const Pos *from, Pos *to) {
    memcpy(to->len, from->len, sizeof from->len);
    memcpy(to->cell, from->cell, sizeof from->cell);
    memcpy(to->found, from->found, sizeof from->found);
    for (int i = 0; i < s->np; i++) memcpy(to->card[i], from->card[i], from->len[i]);
}

static inline Head *head_at(const Search *s, size_t offset) { return (Head *)(s->arena + offset); }
static inline uint8_t *node_at(const Search *s, size_t offset) { return s->arena + offset + sizeof(Head); }
static inline Move *moves_at(const Search *s, size_t offset) {
    return (Move *)(node_at(s, offset) + head_at(s, offset)->size);
}

/* Put the child `p` reached by `line` on the arena and the current level: 0 out of memory. */
static int push_kid(Search *s, const Pos *p, const Line *line, const int16_t *homes) {
    size_t size = packed_size(s, p);
    size_t bytes = sizeof(Head) + size + sizeof(Move) * (size_t)line->n;
    bytes = (bytes + 7) & ~(size_t)7;
    size_t at = s->arena_len;
    if (!grow((void **)&s->arena, &s->arena_cap, at + bytes, 1)) return 0;
    if (!grow((void **)&s->kids, &s->kids_cap, s->kids_len + 1, sizeof(size_t))) return 0;
    Head *h = head_at(s, at);
    h->score = score(s, p);
    memcpy(h->homes, homes, sizeof h->homes);
    h->moves = (uint16_t)line->n;
    h->size = (uint16_t)size;
    pack(s, p, node_at(s, at));
    memcpy(moves_at(s, at), line->move, sizeof(Move) * (size_t)line->n);
    s->arena_len = at + bytes;
    s->kids[s->kids_len++] = at;
    return 1;
}

/* ------------------------------------------------------------------ moves */

static inline void add_move(Line *line, int src, int dst, int n) {
    if (line->n < MAX_LINE) line->move[line->n++] = (Move){(uint8_t)src, (uint8_t)dst, (uint8_t)n};
}

static int home(const Search *s, int suit, int16_t *homes) {
    if (homes[suit] < 0) {
        for (int f = 0; f < 4; f++) {
            int used = 0;
            for (int k = 0; k < 4; k++) used |= homes[k] == s->fix[f];
            if (!used) {
                homes[suit] = s->fix[f];
                break;
            }
        }
    }
    return homes[suit];
}

/* CellSearch._gather: each cell's card whose parent is a pile's top goes onto it. */
static int gather(const Search *s, Pos *p, Line *line) {
    int moved = 0;
    for (int j = 0; j < s->nc; j++) {
        int card = p->cell[j];
        if (card == EMPTY) continue;
        int parent = parent_of(card);
        if (parent < 0) continue;
        for (int i = 0; i < s->np; i++) {
            int n = p->len[i];
            if (n && p->card[i][n - 1] == parent) {
                add_move(line, s->cix[j], s->tix[i], 1);
                p->card[i][n] = (uint8_t)card;
                p->len[i]++;
                p->cell[j] = EMPTY;
                moved = 1;
                break;
            }
        }
    }
    return moved;
}

/* CellSearch.settle: every card that can go home goes, one at a time; cells' cards gathered. */
static void settle(const Search *s, Pos *p, Line *line, int16_t *homes) {
    int moved = 1;
    while (moved) {
        moved = 0;
        for (int i = 0; i < s->np; i++) {
            int n = p->len[i], m = n;
            while (m) {
                int card = p->card[i][m - 1];
                if (!goes_home(p, card)) break;
                add_move(line, s->tix[i], home(s, suit_of(card), homes), 1);
                p->found[suit_of(card)]++;
                m--;
            }
            if (m != n) {
                p->len[i] = (uint8_t)m;
                moved = 1;
            }
        }
        int held = 0;
        for (int j = 0; j < s->nc; j++) {
            int card = p->cell[j];
            if (card == EMPTY) continue;
            if (goes_home(p, card)) {
                add_move(line, s->cix[j], home(s, suit_of(card), homes), 1);
                p->found[suit_of(card)]++;
                p->cell[j] = EMPTY;
                moved = 1;
            } else {
                held++;
            }
        }
        if (held && gather(s, p, line)) moved = 1;
    }
}

/* Add the child `p` (reached by `line`) if new. 0 when out of memory. */
static int add(Search *s, const Pos *p, const Line *line, const int16_t *homes) {
    int fresh = admit(s, p);
    if (fresh < 0) return 0;
    return fresh ? push_kid(s, p, line, homes) : 1;
}

/* CellSearch._takes_from_cells: a top that the move made is the parent of a cell's card. */
static int takes_from_cells(const Search *s, const Pos *p, Move move) {
    int ends[2] = {move.src, move.dst};
    for (int e = 0; e < 2; e++) {
        int index = ends[e];
        if (index < s->base || index - s->base >= s->np) continue;
        int i = index - s->base, n = p->len[i];
        if (n && rank_of(p->card[i][n - 1]) > 1 && has_cell(s, p->cell, p->card[i][n - 1] - 1)) return 1;
    }
    return 0;
}

/* CellSearch._child: the position `c` after `move`, settled where it needs to be, added. */
static int child(Search *s, Pos *c, Move move, const int16_t *homes) {
    Line line;
    line.n = 0;
    add_move(&line, move.src, move.dst, move.n);
    int settles = 0;
    if (move.src >= s->base) {
        int i = move.src - s->base, n = c->len[i];
        settles = n && goes_home(c, c->card[i][n - 1]);
    }
    if (!settles) {
        int any = 0;
        for (int j = 0; j < s->nc; j++) any |= c->cell[j] != EMPTY;
        settles = any && takes_from_cells(s, c, move);
    }
    if (!settles) return add(s, c, &line, homes);
    int16_t mine[4];
    memcpy(mine, homes, sizeof mine);
    settle(s, c, &line, mine);
    return add(s, c, &line, mine);
}

/* CellSearch._run_to_cells: pile i's natural run on top to the cells, whole, if it can go. */
static int run_to_cells(Search *s, const Pos *p, int i, const int16_t *homes, const int *tops, int free) {
    const uint8_t *pile = p->card[i];
    int n = p->len[i], j = n - 1;
    while (j > 0 && pile[j - 1] == parent_of(pile[j])) j--;
    int parent = parent_of(pile[j]);
    if (n - j > free || (parent >= 0 && tops[parent] >= 0)) return 1;
    Pos c;
    copy_pos(s, p, &c);
    Line line;
    line.n = 0;
    int at = n - 1;
    for (int k = 0; k < s->nc; k++) {
        if (at < j) break;
        if (c.cell[k] == EMPTY) {
            c.cell[k] = pile[at];
            add_move(&line, s->tix[i], s->cix[k], 1);
            at--;
        }
    }
    c.len[i] = (uint8_t)j;
    int top = j ? pile[j - 1] : -1;
    if (top >= 0 && (goes_home(&c, top) || (rank_of(top) > 1 && has_cell(s, c.cell, top - 1)))) {
        int16_t mine[4];
        memcpy(mine, homes, sizeof mine);
        settle(s, &c, &line, mine);
        return add(s, &c, &line, mine);
    }
    return add(s, &c, &line, homes);
}

/* CellSearch._onto_settled: a card (with the cards on it) onto its parent on top of a settled
 * pile, the only move tried if there is one. 1 there is one, 0 none, -1 out of memory. */
static int onto_settled(Search *s, const Pos *p, int limit, const int16_t *homes) {
    for (int d = 0; d < s->np; d++) {
        int nd = p->len[d];
        if (!nd || !(info(p->card[d], nd) & 1) || rank_of(p->card[d][nd - 1]) == 1) continue;
        int card = p->card[d][nd - 1] - 1;
        for (int j = 0; j < s->nc; j++) {
            if (p->cell[j] != card) continue;
            Pos c;
            copy_pos(s, p, &c);
            c.card[d][nd] = (uint8_t)card;
            c.len[d]++;
            c.cell[j] = EMPTY;
            return child(s, &c, (Move){s->cix[j], s->tix[d], 1}, homes) ? 1 : -1;
        }
        for (int i = 0; i < s->np; i++) {
            const uint8_t *pile = p->card[i];
            int n = p->len[i], at = -1;
            for (int k = 0; k < n; k++)
                if (pile[k] == card) {
                    at = k;
                    break;
                }
            if (at < 0) continue;
            int moving = n - at, ordered = 1;
            for (int k = at; k + 1 < n; k++) ordered &= pile[k + 1] == pile[k] - 1;
            if (moving > limit || !ordered) break;
            if (i == d || nd + moving > CARDS) break; /* cannot be: the cards are all different */
            Pos c;
            copy_pos(s, p, &c);
            memcpy(c.card[d] + nd, pile + at, (size_t)moving);
            c.len[d] = (uint8_t)(nd + moving);
            c.len[i] = (uint8_t)at;
            return child(s, &c, (Move){s->tix[i], s->tix[d], (uint8_t)moving}, homes) ? 1 : -1;
        }
    }
    return 0;
}

/* Move `moving` cards from the top of pile i onto pile d of a copy of `p`, as a child. */
static int pile_move(Search *s, const Pos *p, int i, int d, int moving, const int16_t *homes) {
    int n = p->len[i], nd = p->len[d];
    if (i == d || nd + moving > CARDS) return 1; /* cannot be: the cards are all different */
    Pos c;
    copy_pos(s, p, &c);
    memcpy(c.card[d] + nd, p->card[i] + n - moving, (size_t)moving);
    c.len[d] = (uint8_t)(nd + moving);
    c.len[i] = (uint8_t)(n - moving);
    return child(s, &c, (Move){s->tix[i], s->tix[d], (uint8_t)moving}, homes);
}

/* CellSearch._moves with `seen`: the new children of `p`, on the current level. 0: no memory. */
static int fresh(Search *s, const Pos *p, const int16_t *homes) {
    int tops[CARDS], settled[MAX_PILES] = {0};
    for (int c = 0; c < CARDS; c++) tops[c] = -1;
    int empty_pile = -1, kings_placed = 1;
    for (int j = 0; j < s->nc; j++)
        if (p->cell[j] != EMPTY && is_king(p->cell[j])) kings_placed = 0;
    for (int i = 0; i < s->np; i++) {
        int n = p->len[i];
        if (n) {
            tops[p->card[i][n - 1]] = i;
            if (kings_placed) {
                int v = info(p->card[i], n);
                if (v & 2) kings_placed = 0;
                settled[i] = v & 1;
            }
        } else if (empty_pile < 0) {
            empty_pile = i;
        }
    }
    int free = 0, empty_cell = -1;
    for (int j = 0; j < s->nc; j++)
        if (p->cell[j] == EMPTY) {
            free++;
            if (empty_cell < 0) empty_cell = j;
        }
    int limit = free + 1;
    if (kings_placed) {
        int one = onto_settled(s, p, limit, homes);
        if (one) return one > 0;
    }
    for (int i = 0; i < s->np; i++) {
        int n = p->len[i];
        if (!n) continue;
        const uint8_t *pile = p->card[i];
        int j = n - 1, k = 1;
        for (;;) {
            int parent = parent_of(pile[j]);
            if (parent >= 0) {
                int d = tops[parent];
                if (d >= 0 && !pile_move(s, p, i, d, k, homes)) return 0;
            } else if (empty_pile >= 0 && j > 0) {
                if (!pile_move(s, p, i, empty_pile, k, homes)) return 0;
            }
            if (k >= limit || j == 0 || pile[j - 1] != parent) break;
            j--;
            k++;
        }
        if (free && !(kings_placed && settled[i]) && !run_to_cells(s, p, i, homes, tops, free)) return 0;
    }
    for (int j = 0; j < s->nc; j++) {
        int card = p->cell[j];
        if (card == EMPTY) continue;
        int parent = parent_of(card);
        int d = parent >= 0 ? tops[parent] : empty_pile; /* only a King has no parent */
        if (d < 0) continue;
        Pos c;
        copy_pos(s, p, &c);
        c.card[d][c.len[d]++] = (uint8_t)card;
        c.cell[j] = EMPTY;
        if (!child(s, &c, (Move){s->cix[j], s->tix[d], 1}, homes)) return 0;
    }
    (void)empty_cell; /* gather: a single card goes to the cells only as its pile's run */
    return 1;
}

/* ------------------------------------------------------------------ search */

/* compact.DepthFirst._ordered: the level's children by score, the most promising last; a
 * stable sort, so equal scores keep the order they were made in (insertion sort: few). */
static void order_level(Search *s, size_t start) {
    size_t *kids = s->kids;
    size_t n = s->kids_len - start;
    if (n < 2) return;
    for (size_t a = start + 1; a < s->kids_len; a++) {
        size_t x = kids[a];
        int32_t sx = head_at(s, x)->score;
        size_t b = a;
        while (b > start && head_at(s, kids[b - 1])->score < sx) {
            kids[b] = kids[b - 1];
            b--;
        }
        kids[b] = x;
    }
}

static int push_level(Search *s, size_t taken, size_t mark) {
    if (!grow((void **)&s->levels, &s->levels_cap, s->depth + 1, sizeof(Level))) return 0;
    s->levels[s->depth++] = (Level){mark, s->kids_len, taken};
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

static PyObject *line_of(const Search *s, size_t last) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (size_t l = 0; l <= s->depth; l++) {
        size_t at = l < s->depth ? s->levels[l].taken : last;
        if (at == SIZE_MAX) continue;
        const Move *moves = moves_at(s, at);
        for (int m = 0; m < head_at(s, at)->moves; m++) {
            PyObject *move = Py_BuildValue("(iii)", moves[m].src, moves[m].dst, moves[m].n);
            if (!move || PyList_Append(out, move) < 0) {
                Py_XDECREF(move);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(move);
        }
    }
    return out;
}

enum { WON, EXHAUSTED, PAUSED, STOPPED, FAILED };

/* compact.DepthFirst.begin and resume from the root `root`; the outcome, and on a win the
 * arena offset of the won child in `last`. */
static int run(Search *s, const Pos *root, const int16_t *homes, Py_ssize_t pause_at, Py_ssize_t positions,
               double deadline, PyObject *cancelled, size_t *last) {
    Line none;
    none.n = 0;
    if (!push_level(s, SIZE_MAX, 0) || admit(s, root) < 0 || !push_kid(s, root, &none, homes)) goto memory;
    long long expanded = 0;
    while (s->depth) {
        Level *level = &s->levels[s->depth - 1];
        if (s->kids_len == level->kids_start) {
            s->kids_len = level->kids_start;
            s->arena_len = level->arena_mark;
            s->depth--;
            continue;
        }
        if ((Py_ssize_t)s->count >= pause_at) return PAUSED;
        size_t at = s->kids[--s->kids_len];
        Pos p;
        unpack(s, node_at(s, at), &p);
        if (won(&p)) {
            *last = at;
            return WON;
        }
        expanded++;
        if (expanded % POLL == 0) {
            int out = out_of_budget(s, positions, deadline, cancelled);
            if (out < 0) return FAILED;
            if (out) return STOPPED;
        }
        size_t start = s->kids_len;
        if (!push_level(s, at, s->arena_len)) goto memory;
        int16_t h[4];
        memcpy(h, head_at(s, at)->homes, sizeof h);
        if (!fresh(s, &p, h)) goto memory;
        order_level(s, start);
    }
    return EXHAUSTED;
memory:
    PyErr_NoMemory();
    return FAILED;
}

/* ------------------------------------------------------------------ arguments */

static int index_list(PyObject *tuple, const char *what, uint8_t *out, int most, int *n) {
    Py_ssize_t len = PyTuple_GET_SIZE(tuple);
    if (len > most) {
        PyErr_Format(PyExc_ValueError, "%s: at most %d piles, not %zd", what, most, len);
        return 0;
    }
    for (Py_ssize_t a = 0; a < len; a++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(tuple, a));
        if (v == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "%s: pile indices must be integers", what);
            return 0;
        }
        if (v < 0 || v >= EMPTY) {
            PyErr_Format(PyExc_ValueError, "%s: pile index %ld out of 0-254", what, v);
            return 0;
        }
        out[a] = (uint8_t)v;
    }
    *n = (int)len;
    return 1;
}

static int take_card(uint8_t *met, int card) {
    if (card >= CARDS) {
        PyErr_Format(PyExc_ValueError, "card %d out of 0-51", card);
        return 0;
    }
    if (met[card]) {
        PyErr_Format(PyExc_ValueError, "card %d is in two places", card);
        return 0;
    }
    met[card] = 1;
    return 1;
}

/* The search and the root from the arguments, every card checked: 0 with an exception set. */
static int parse(Search *s, Pos *root, int16_t *homes, PyObject *tableau, PyObject *cells, PyObject *found,
                 PyObject *tix, PyObject *cix, PyObject *fix, PyObject *home_seq) {
    uint8_t met[CARDS] = {0};
    int nf = 0;
    if (!index_list(tix, "tableau_index", s->tix, MAX_PILES, &s->np) ||
        !index_list(cix, "cell_index", s->cix, MAX_CELLS, &s->nc) || !index_list(fix, "found_index", s->fix, 4, &nf))
        return 0;
    if (nf != 4 || s->np < 1 || PyTuple_GET_SIZE(tableau) != s->np || PyBytes_GET_SIZE(cells) != s->nc ||
        PyBytes_GET_SIZE(found) != 4) {
        PyErr_SetString(PyExc_ValueError,
                        "search: one index per tableau pile (1-16) and per cell (0-8), four foundations, and "
                        "four foundation heights");
        return 0;
    }
    s->base = s->tix[0];
    for (int i = 0; i < s->np; i++)
        if (s->tix[i] != s->base + i) {
            PyErr_SetString(PyExc_ValueError, "tableau_index: the tableau's piles must be consecutive");
            return 0;
        }
    for (int j = 0; j < s->nc + 4; j++) {
        int v = j < s->nc ? s->cix[j] : s->fix[j - s->nc];
        for (int k = 0; k < j; k++)
            if (v == (k < s->nc ? s->cix[k] : s->fix[k - s->nc])) {
                PyErr_SetString(PyExc_ValueError, "cell_index, found_index: a pile index given twice");
                return 0;
            }
        if (v >= s->base) {
            PyErr_SetString(PyExc_ValueError, "cell_index, found_index: the tableau's piles must come last");
            return 0;
        }
    }
    memset(root, 0, sizeof *root);
    const uint8_t *f = (const uint8_t *)PyBytes_AS_STRING(found);
    for (int suit = 0; suit < 4; suit++) {
        if (f[suit] > 13) {
            PyErr_SetString(PyExc_ValueError, "found: a foundation holds 0-13 cards");
            return 0;
        }
        root->found[suit] = f[suit];
        for (int r = 0; r < f[suit]; r++) met[13 * suit + r] = 1;
    }
    const uint8_t *c = (const uint8_t *)PyBytes_AS_STRING(cells);
    for (int j = 0; j < s->nc; j++) {
        root->cell[j] = c[j];
        if (c[j] != EMPTY && !take_card(met, c[j])) return 0;
    }
    for (int i = 0; i < s->np; i++) {
        PyObject *pile = PyTuple_GET_ITEM(tableau, i);
        if (!PyBytes_Check(pile)) {
            PyErr_SetString(PyExc_TypeError, "tableau: each pile must be bytes");
            return 0;
        }
        Py_ssize_t n = PyBytes_GET_SIZE(pile);
        const uint8_t *cards = (const uint8_t *)PyBytes_AS_STRING(pile);
        for (Py_ssize_t k = 0; k < n; k++)
            if (!take_card(met, cards[k])) return 0; /* so no pile holds more than 52 */
        memcpy(root->card[i], cards, (size_t)n);
        root->len[i] = (uint8_t)n;
    }
    for (int card = 0; card < CARDS; card++)
        if (!met[card]) {
            PyErr_Format(PyExc_ValueError, "card %d is nowhere", card);
            return 0;
        }
    PyObject *seq = PySequence_Fast(home_seq, "homes: a sequence of four pile indices (-1: none)");
    if (!seq) return 0;
    int ok = PySequence_Fast_GET_SIZE(seq) == 4;
    for (int suit = 0; ok && suit < 4; suit++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, suit));
        if (v == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            ok = 0;
            break;
        }
        int known = v == -1;
        for (int k = 0; k < 4; k++) known |= v == s->fix[k];
        for (int k = 0; k < suit; k++) known &= v == -1 || homes[k] != v;
        ok = known;
        homes[suit] = (int16_t)v;
    }
    Py_DECREF(seq);
    if (!ok) PyErr_SetString(PyExc_ValueError, "homes: four foundation indices, each -1 or its own");
    return ok;
}

static void release(Search *s) {
    free(s->arena);
    free(s->kids);
    free(s->levels);
    free(s->slots);
    free(s->keys);
}

static PyObject *search(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *tableau, *cells, *found, *tix, *cix, *fix, *homes, *cancelled;
    Py_ssize_t pause_at, positions;
    double deadline;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!OnndO:search", &PyTuple_Type, &tableau, &PyBytes_Type, &cells,
                          &PyBytes_Type, &found, &PyTuple_Type, &tix, &PyTuple_Type, &cix, &PyTuple_Type, &fix,
                          &homes, &pause_at, &positions, &deadline, &cancelled))
        return NULL;
    if (!PyCallable_Check(cancelled)) {
        PyErr_SetString(PyExc_TypeError, "search: cancelled must be callable");
        return NULL;
    }
    if (pause_at < 0 || positions < 0) {
        PyErr_SetString(PyExc_ValueError, "search: pause_at and positions must not be negative");
        return NULL;
    }
    Search s;
    memset(&s, 0, sizeof s);
    Pos root;
    int16_t h[4];
    if (!parse(&s, &root, h, tableau, cells, found, tix, cix, fix, homes)) return NULL;
    size_t last = 0;
    int outcome = run(&s, &root, h, pause_at, positions, deadline, cancelled, &last);
    PyObject *line = Py_None, *result = NULL;
    Py_INCREF(Py_None);
    if (outcome == WON) {
        Py_DECREF(line);
        line = line_of(&s, last);
    }
    static const char *names[] = {"won", "exhausted", "paused", "stopped"};
    if (outcome != FAILED && line) result = Py_BuildValue("(sOn)", names[outcome], line, (Py_ssize_t)s.count);
    Py_XDECREF(line);
    release(&s);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS,
     "search(tableau, cells, found, tableau_index, cell_index, found_index, homes, pause_at, positions, "
     "deadline, cancelled) -> (outcome, line, stored): the plain depth-first search of cells.CellSearch from "
     "a settled position. tableau: each pile's cards (bytes); cells: a byte per cell (255 empty); found: "
     "each suit's foundation height; the engine pile indices of the tableau (consecutive, last), the cells "
     "and the foundations; homes: each suit's foundation pile (-1: none yet). outcome is 'won' (line: the "
     "engine moves after the root), 'exhausted' (no win), 'paused' (pause_at positions stored) or "
     "'stopped' (positions, deadline or cancelled, looked at every 64 positions expanded); stored: the "
     "positions stored."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "game.solver._cells",
    .m_doc = "The plain depth-first search of the cell games in C (see cells.py and cells_native.py).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__cells(void) {
    PyObject *time = PyImport_ImportModule("time");
    if (!time) return NULL;
    Py_XDECREF(monotonic);
    monotonic = PyObject_GetAttrString(time, "monotonic");
    Py_DECREF(time);
    if (!monotonic) return NULL;
    return PyModule_Create(&module);
}
