/* The arena's compiled copy of `neapolitan.scopa.search.Solver`, for the Scopone games only.

   `search-v1` (the search player before issue 11) solves sampled deals of Scopone Scientifico
   exactly from 20 cards left, which takes minutes of Python a decision: too slow to measure it
   against in the arena. This file computes the same values (the minimax value of every legal
   play, exact to the end of the hand or to a horizon judged by `estimate`) with the same
   alpha-beta and transposition table, in C. A search's values do not depend on how it is
   searched, so the bot's decisions are the same: tests/engine/test_scopa_arena_solver.py
   checks the values against the Python solver's.

   Rules covered (`neapolitan.scopa.arena_solver.covers` checks them before it is used): four
   players in two pairs (seat % 2), no stock, captures by equal rank then by sums (SCOPA-5), no
   scopa with the hand's last card, the table to the last capturer (SCOPA-7), and the scoring
   of carte, denari, settebello, primiera (complete beats incomplete) and scope (SCOPA-8, 9).
   Cards are bits 0..39: suit * 10 + rank - 1, suits D C S B. Not used by the site. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

typedef struct {
    u64 hands[4], table, piles[2];
    int scope[2], to_move, last_capturer, left;
} State;

typedef struct {
    int card;
    u64 captured;
    int promise;
} Move;

typedef struct {
    u64 key[6];
    double value;
    u64 best_captured;
    uint32_t generation;
    int8_t flag, best_card;
} Entry;

enum { EXACT, LOWER, UPPER };
#define SETTEBELLO 6
#define DENARI 0x3FFULL
#define MAX_MOVES 512  /* plays in one position: far more than a hand of ten can have */
#define TABLE_BITS 20

static int suit_best[1024];
static u64 rank_mask[11], below[11]; /* the cards of a rank; of the ranks under it */
static Entry *tt;
static uint32_t generation;
static int side, stop_left;
static long nodes;
static Move move_stack[41 * MAX_MOVES];
static int move_top, overflow;

static const int PRIMIERA[11] = {0, 16, 12, 13, 14, 15, 18, 21, 10, 10, 10};

static int setup(void) {
    if (tt) return 0;
    tt = calloc((size_t)1 << TABLE_BITS, sizeof(Entry));
    if (!tt) return -1;
    for (int bits = 0; bits < 1024; bits++)
        for (int r = 1; r <= 10; r++)
            if (bits >> (r - 1) & 1 && PRIMIERA[r] > suit_best[bits]) suit_best[bits] = PRIMIERA[r];
    for (int r = 1; r <= 10; r++)
        for (int s = 0; s < 4; s++) rank_mask[r] |= 1ULL << (s * 10 + r - 1);
    for (int r = 2; r <= 10; r++) below[r] = below[r - 1] | rank_mask[r - 1];
    return 0;
}

static int count(u64 x) { return __builtin_popcountll(x); }

/* The index of the unique maximum, or -1 on a tie at the top or a top of 0 (SCOPA-8.6). */
static int strict_top(int a, int b) {
    if (a == b || (a > b ? a : b) <= 0) return -1;
    return a > b ? 0 : 1;
}

static void primiera(u64 pile, int *total, int *suits) {
    *total = *suits = 0;
    for (int s = 0; s < 4; s++) {
        int best = suit_best[pile >> (10 * s) & 1023];
        *total += best;
        *suits += best > 0;
    }
}

/* `margin`: the finished hand's points for `side` minus the other side's. */
static int margin(const State *s) {
    int totals[2], parts[2], suits[2];
    for (int i = 0; i < 2; i++) {
        totals[i] = s->scope[i] + (int)(s->piles[i] >> SETTEBELLO & 1);
        primiera(s->piles[i], &parts[i], &suits[i]);
    }
    int winner = strict_top(count(s->piles[0]), count(s->piles[1]));
    if (winner >= 0) totals[winner]++;
    winner = strict_top(count(s->piles[0] & DENARI), count(s->piles[1] & DENARI));
    if (winner >= 0) totals[winner]++;
    if (suits[0] == 4 || suits[1] == 4) {
        winner = strict_top(suits[0] == 4 ? parts[0] : -1, suits[1] == 4 ? parts[1] : -1);
        if (winner >= 0) totals[winner]++;
    }
    return totals[side] - totals[1 - side];
}

static double clip(double x) { return x < -1 ? -1.0 : x > 1 ? 1.0 : x; }

/* `estimate`, operation for operation (so that the doubles are the same). */
static double estimate(const State *s) {
    u64 mine = s->piles[side], theirs = s->piles[1 - side];
    int partial_mine, partial_theirs, unused;
    double value = (double)(s->scope[side] - s->scope[1 - side]);
    value += (double)((int)(mine >> SETTEBELLO & 1) - (int)(theirs >> SETTEBELLO & 1));
    value += clip((double)(count(mine) - count(theirs)) / 8);
    value += clip((double)(count(mine & DENARI) - count(theirs & DENARI)) / 3);
    primiera(mine, &partial_mine, &unused);
    primiera(theirs, &partial_theirs, &unused);
    value += clip((double)(partial_mine - partial_theirs) / 30);
    return value;
}

static void push(Move *out, int *n, int card, u64 captured) {
    if (*n < MAX_MOVES) out[(*n)++] = (Move){card, captured, 0};
    else overflow = 1;
}

/* Each set of table cards (in index order) adding up to `need`, none of rank `need` itself. */
static void sums(u64 avail, int need, int card, u64 chosen, Move *out, int *n) {
    while (avail) {
        int c = __builtin_ctzll(avail);
        avail &= avail - 1;
        int rank = c % 10 + 1;
        if (rank == need) {
            push(out, n, card, chosen | 1ULL << c);
        } else if (rank < need) {
            sums(avail, need - rank, card, chosen | 1ULL << c, out, n);
        }
    }
}

/* Every legal play (SCOPA-5): a card of equal rank if any (each one an option), else every set
   of two or more adding up to its rank, else the card is trailed. */
static int legal(const State *s, Move *out) {
    int n = 0;
    u64 hand = s->hands[s->to_move];
    while (hand) {
        int c = __builtin_ctzll(hand);
        hand &= hand - 1;
        int rank = c % 10 + 1;
        u64 pairs = s->table & rank_mask[rank];
        if (pairs) {
            while (pairs) {
                u64 bit = pairs & -pairs;
                pairs ^= bit;
                push(out, &n, c, bit);
            }
            continue;
        }
        int before = n;
        sums(s->table & below[rank], rank, c, 0, out, &n);
        if (n == before) push(out, &n, c, 0);
    }
    return n;
}

static void apply(const State *s, const Move *m, State *after) {
    *after = *s;
    int seat = s->to_move;
    u64 bit = 1ULL << m->card;
    after->hands[seat] &= ~bit;
    after->left = s->left - 1;
    if (m->captured) {
        after->table = s->table & ~m->captured;
        after->piles[seat & 1] |= m->captured | bit;
        after->last_capturer = seat;
        if (!after->table && after->left > 0) after->scope[seat & 1]++; /* SCOPA-6.1, 6.2 */
    } else {
        after->table = s->table | bit;
    }
    after->to_move = (seat + 1) & 3;
    if (!after->left) { /* SCOPA-7 */
        if (after->last_capturer >= 0) after->piles[after->last_capturer & 1] |= after->table;
        after->table = 0;
    }
}

static int promise(const State *s, const Move *m) {
    if (!m->captured) return m->card == SETTEBELLO ? -50 : -(m->card % 10 + 1);
    int value = 10 + 3 * count(m->captured);
    if (m->card == SETTEBELLO || (m->captured >> SETTEBELLO & 1)) value += 50;
    return value + (m->captured == s->table ? 100 : 0);
}

static u64 mix(u64 x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* The rest of the position follows from these: the other pile holds every other card. */
static void key_of(const State *s, u64 key[6]) {
    key[0] = s->hands[0];
    key[1] = s->hands[1];
    key[2] = s->hands[2];
    key[3] = s->hands[3];
    key[4] = s->table | (u64)s->to_move << 40 | (u64)(s->last_capturer + 1) << 42;
    key[5] = s->piles[0] | (u64)(s->scope[0] & 255) << 40 | (u64)(s->scope[1] & 255) << 48;
}

static double value(const State *s, double alpha, double beta) {
    nodes++;
    if (!s->left) return margin(s);
    if (s->left <= stop_left) return estimate(s);
    u64 key[6];
    key_of(s, key);
    u64 h = mix(key[0] ^ mix(key[1] ^ mix(key[2] ^ mix(key[3] ^ mix(key[4] ^ mix(key[5]))))));
    Entry *e = &tt[h & (((u64)1 << TABLE_BITS) - 1)];
    int first_card = -1;
    u64 first_captured = 0;
    if (e->generation == generation && !memcmp(e->key, key, sizeof key)) {
        if (e->flag == EXACT) return e->value;
        if (e->flag == LOWER && e->value >= beta) return e->value;
        if (e->flag == UPPER && e->value <= alpha) return e->value;
        first_card = e->best_card;
        first_captured = e->best_captured;
    }
    Move *moves = move_stack + move_top;
    int n = legal(s, moves);
    move_top += n;
    for (int i = 0; i < n; i++) {
        moves[i].promise = promise(s, &moves[i]);
        if (moves[i].card == first_card && moves[i].captured == first_captured) moves[i].promise = 1 << 20;
    }
    for (int i = 1; i < n; i++) { /* insertion sort, best promise first */
        Move m = moves[i];
        int j = i - 1;
        while (j >= 0 && moves[j].promise < m.promise) { moves[j + 1] = moves[j]; j--; }
        moves[j + 1] = m;
    }
    int maximizing = (s->to_move & 1) == side;
    double start_alpha = alpha, start_beta = beta;
    double best = maximizing ? -INFINITY : INFINITY;
    int best_index = -1;
    State child;
    for (int i = 0; i < n; i++) {
        apply(s, &moves[i], &child);
        double v = value(&child, alpha, beta);
        if (maximizing) {
            if (v > best) {
                best = v, best_index = i;
                if (v > alpha) { alpha = v; if (alpha >= beta) break; }
            }
        } else if (v < best) {
            best = v, best_index = i;
            if (v < beta) { beta = v; if (alpha >= beta) break; }
        }
    }
    move_top -= n;
    /* The entry may have been overwritten by the search below: find its slot again. */
    e = &tt[h & (((u64)1 << TABLE_BITS) - 1)];
    memcpy(e->key, key, sizeof key);
    e->generation = generation;
    e->value = best;
    e->flag = best <= start_alpha ? UPPER : best >= start_beta ? LOWER : EXACT;
    e->best_card = best_index >= 0 ? (int8_t)moves[best_index].card : -1;
    e->best_captured = best_index >= 0 ? moves[best_index].captured : 0;
    return best;
}

/* The value for `for_side` of each of `n` plays (card, captured) from the position given, as
   `Solver(for_side).play_values` (plies 0) or `Solver(for_side, until_redeal=True, plies=plies)`
   would give it. Returns the positions searched; -1 without memory for the table, -2 if a
   position had more plays than MAX_MOVES (then the values are not to be used). */
long play_values(const u64 *hands, u64 table, const u64 *piles, const int *scope, int to_move,
                 int last_capturer, int for_side, int plies, int n, const int *cards,
                 const u64 *captured, double *out) {
    if (setup()) return -1;
    State root = {{hands[0], hands[1], hands[2], hands[3]}, table, {piles[0], piles[1]},
                  {scope[0], scope[1]}, to_move, last_capturer, 0};
    for (int i = 0; i < 4; i++) root.left += count(hands[i]);
    side = for_side;
    stop_left = plies ? root.left - plies : -1;
    generation++;
    nodes = 0;
    move_top = overflow = 0;
    State child;
    for (int i = 0; i < n; i++) {
        Move m = {cards[i], captured[i], 0};
        apply(&root, &m, &child);
        out[i] = value(&child, -INFINITY, INFINITY);
    }
    return overflow ? -2 : nodes;
}
