/*
 * Reference: `playjson.reference_json`, through the pure-Python `finaltext` and `plainnames`
 * Contract: tests/formats/test_speedups.py
 * Gain: 2.4× the whole `plays --jsonl` process (default fields 1.253 → 0.520 s CPU; benchmarks-history.md, the C accelerator)
 *
 * _speedups: the default-field text of the plain walk's plays (`plays --jsonl`) in C.
 *
 * Why: a batch of ten thousand requests prints a quarter of a million plays, and in
 * CPython even one loop iteration with a few dict hits a play costs about what the whole
 * formatting may (a third of the process). This module writes, from a play's final (the
 * plain walk's integer board, formats/jsonl/plainfinals.py) and its moves (objects of
 * kernels.STEP_MOVES), exactly the text of
 *     finaltext.answer_text(finals, plainnames.spell_plays(moves), ctx, tail)
 * and of playtext's notation-only join: the XGID characters, the board pairs, the bar and
 * off counts and the notation (notation.spell's rules) spelled directly, no memo.
 *
 * It is optional (setup.py: Extension(optional=True)); formats/jsonl/accel.py imports it unless
 * TAVLA_DOCS_PURE is set. Its tables come from Python once (`setup`: the move table, the
 * point names and stops, the final's bit layout), nothing is re-typed here. Anything it
 * does not know (a move not from the table, a hit mark without a blot, a final with bits
 * outside the layout, non-ASCII text) returns None and the Python path runs: it never
 * writes a different text.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 26
#define BAR 25
#define OFF 0
#define NAME_MAX_LEN 15               /* a point name or a stop, at most */
#define FINAL_BYTES 17                /* a final's bits, at most (4 x 26 + hit marks of 1..24) */
#define MOVE_TABLE 1024               /* open addressing, a power of two, > 2 x the moves */
#define MAX_MOVES 4                   /* longer plays (none in the plain walk): Python */
#define TAIL_COPY 48                  /* a tail this long or shorter is copied by a fixed-size copy */
#define PLAY_TEXT_MAX 2048            /* a play's object without the tail, at most (see `play_bound`) */

typedef struct {
    PyObject *move; /* a strong reference: the id stays this object's */
    int src, dst, hit;
} MoveEntry;

typedef struct {
    char text[NAME_MAX_LEN + 1];
    Py_ssize_t len;
} Name;

static MoveEntry move_table[MOVE_TABLE];
static Name names[SLOTS];            /* notation.POINT_NAMES */
static Name stops[SLOTS][2];         /* notation.STOPS: without and with the hit mark */
static Name empty_play;              /* the spelling of a play without moves */
static int slot_bit[SLOTS];          /* slot p's lowest bit in a final */
static int hit_bit[SLOTS];           /* the hit mark of the mover's point p (1..24) */
static unsigned char layout[FINAL_BYTES]; /* every bit a final may hold */
static unsigned char hit_bits[FINAL_BYTES]; /* the hit marks' bits */
static int ready;
static PyObject *str_moves, *str_src, *str_dst, *str_hit;

/* ---- a growing output buffer ---------------------------------------------------------- */

typedef struct {
    char *p;
    size_t len, cap;
} Buf;

static int buf_reserve(Buf *b, size_t extra) {
    if (b->len + extra <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra) {
        if (cap > ((size_t)PY_SSIZE_T_MAX) / 2) {
            PyErr_NoMemory();
            return -1;
        }
        cap *= 2;
    }
    char *p = realloc(b->p, cap);
    if (p == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    b->p = p;
    b->cap = cap;
    return 0;
}

/* The writers below take and return a cursor into space already reserved (`play_bound` a
 * play); a local cursor, not the buffer's length: a store through a char pointer may alias
 * anything, and the length would be reloaded after each one. */
static inline char *put(char *o, const char *s, size_t n) {
    memcpy(o, s, n);
    return o + n;
}

#define PUT_LIT(o, s) ((o) = put((o), (s), sizeof(s) - 1))

static inline char *put_uint(char *o, unsigned v) {
    char tmp[12];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        *o++ = tmp[--n];
    return o;
}

static PyObject *buf_to_str(Buf *b) {
    PyObject *s = PyUnicode_New((Py_ssize_t)b->len, 127);
    if (s != NULL)
        memcpy(PyUnicode_1BYTE_DATA(s), b->p, b->len);
    return s;
}

/* ---- set-up: the tables from Python ---------------------------------------------------- */

static size_t move_hash(PyObject *p) {
    uint64_t v = (uint64_t)(uintptr_t)p >> 4;
    return (size_t)((v * 0x9E3779B97F4A7C15ull) >> 40) & (MOVE_TABLE - 1);
}

static const MoveEntry *find_move(PyObject *p) {
    size_t i = move_hash(p);
    for (;;) {
        const MoveEntry *e = &move_table[i];
        if (e->move == p)
            return e;
        if (e->move == NULL)
            return NULL;
        i = (i + 1) & (MOVE_TABLE - 1);
    }
}

static void clear_tables(void) {
    for (size_t i = 0; i < MOVE_TABLE; i++) {
        Py_CLEAR(move_table[i].move);
    }
    ready = 0;
}

/* An int attribute of `obj` in [lo, hi]; -1 with an exception otherwise. */
static long int_attr(PyObject *obj, PyObject *name, long lo, long hi) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL)
        return -1;
    long n = PyLong_AsLong(v);
    Py_DECREF(v);
    if (n == -1 && PyErr_Occurred())
        return -1;
    if (n < lo || n > hi) {
        PyErr_Format(PyExc_ValueError, "a move's %S is %ld, outside %ld..%ld", name, n, lo, hi);
        return -1;
    }
    return n;
}

static int add_move(PyObject *move) {
    long src = int_attr(move, str_src, OFF, BAR);
    if (src < 0)
        return -1;
    long dst = int_attr(move, str_dst, OFF, BAR);
    if (dst < 0)
        return -1;
    PyObject *h = PyObject_GetAttr(move, str_hit);
    if (h == NULL)
        return -1;
    int hit = PyObject_IsTrue(h);
    Py_DECREF(h);
    if (hit < 0)
        return -1;
    size_t i = move_hash(move);
    size_t used = 0;
    while (move_table[i].move != NULL && move_table[i].move != move) {
        i = (i + 1) & (MOVE_TABLE - 1);
        if (++used >= MOVE_TABLE / 2) {
            PyErr_SetString(PyExc_ValueError, "more moves than the table holds");
            return -1;
        }
    }
    if (move_table[i].move == NULL) {
        Py_INCREF(move);
        move_table[i].move = move;
    }
    move_table[i].src = (int)src;
    move_table[i].dst = (int)dst;
    move_table[i].hit = hit;
    return 0;
}

/* Every object of a nested sequence (the move table's rows and pairs) at `depth` 0. */
static int add_moves(PyObject *seq, int depth) {
    if (depth == 0)
        return add_move(seq);
    PyObject *fast = PySequence_Tuple(seq); /* a tuple of its own: reading an item may run code */
    if (fast == NULL)
        return -1;
    Py_ssize_t n = PyTuple_GET_SIZE(fast);
    PyObject **items = &PyTuple_GET_ITEM(fast, 0);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (add_moves(items[i], depth - 1) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

/* Copy a printable ASCII str of at most `max` characters; -1 with an exception otherwise. */
static int copy_text(PyObject *s, char *out, Py_ssize_t max, Py_ssize_t *len) {
    if (!PyUnicode_Check(s)) {
        PyErr_SetString(PyExc_TypeError, "a name must be a str");
        return -1;
    }
    Py_ssize_t n;
    const char *u = PyUnicode_AsUTF8AndSize(s, &n);
    if (u == NULL)
        return -1;
    if (n > max) {
        PyErr_Format(PyExc_ValueError, "%R is longer than %zd characters", s, max);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if ((unsigned char)u[i] < 32 || (unsigned char)u[i] > 126) {
            PyErr_Format(PyExc_ValueError, "%R is not printable ASCII", s);
            return -1;
        }
    }
    memcpy(out, u, (size_t)n);
    out[n] = '\0';
    *len = n;
    return 0;
}

/* A sequence of exactly `n` items as a new tuple; NULL with an exception otherwise. */
static PyObject *tuple_of(PyObject *seq, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Tuple(seq); /* a tuple of its own: reading an item may run code */
    if (fast != NULL && PyTuple_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items, not %zd", what, PyTuple_GET_SIZE(fast), n);
        Py_CLEAR(fast);
    }
    return fast;
}

static int set_names(PyObject *point_names, PyObject *stop_names, PyObject *empty) {
    PyObject *pn = tuple_of(point_names, SLOTS, "the point names");
    if (pn == NULL)
        return -1;
    PyObject *sn = tuple_of(stop_names, SLOTS, "the stops");
    if (sn == NULL) {
        Py_DECREF(pn);
        return -1;
    }
    int rc = 0;
    for (Py_ssize_t p = 0; p < SLOTS && rc == 0; p++) {
        rc = copy_text(PyTuple_GET_ITEM(pn, p), names[p].text, NAME_MAX_LEN, &names[p].len);
        if (rc < 0)
            break;
        PyObject *pair = tuple_of(PyTuple_GET_ITEM(sn, p), 2, "a stop pair");
        if (pair == NULL) {
            rc = -1;
            break;
        }
        for (Py_ssize_t h = 0; h < 2 && rc == 0; h++)
            rc = copy_text(PyTuple_GET_ITEM(pair, h), stops[p][h].text, NAME_MAX_LEN, &stops[p][h].len);
        Py_DECREF(pair);
    }
    Py_DECREF(pn);
    Py_DECREF(sn);
    if (rc == 0)
        rc = copy_text(empty, empty_play.text, NAME_MAX_LEN, &empty_play.len);
    return rc;
}

static int set_layout(PyObject *offsets, int hit_shift) {
    PyObject *fo = tuple_of(offsets, SLOTS, "the slot offsets");
    if (fo == NULL)
        return -1;
    memset(layout, 0, sizeof layout);
    memset(hit_bits, 0, sizeof hit_bits);
    for (Py_ssize_t p = 0; p < SLOTS; p++) {
        long o = PyLong_AsLong(PyTuple_GET_ITEM(fo, p));
        if (o == -1 && PyErr_Occurred()) {
            Py_DECREF(fo);
            return -1;
        }
        /* a nibble inside one byte of the final's bytes */
        if (o < 0 || o + 4 > 8 * FINAL_BYTES || (o & 7) > 4) {
            Py_DECREF(fo);
            PyErr_Format(PyExc_ValueError, "slot %zd's offset %ld does not fit the layout", p, o);
            return -1;
        }
        slot_bit[p] = (int)o;
        layout[o >> 3] |= (unsigned char)(15 << (o & 7));
    }
    Py_DECREF(fo);
    if (hit_shift < 0 || hit_shift + BAR > 8 * FINAL_BYTES) {
        PyErr_Format(PyExc_ValueError, "the hit shift %d does not fit %d bytes", hit_shift, FINAL_BYTES);
        return -1;
    }
    for (int p = 1; p < BAR; p++) {
        int o = hit_shift + p;
        if (layout[o >> 3] & (1 << (o & 7))) {
            PyErr_SetString(PyExc_ValueError, "the hit marks overlap the board's slots");
            return -1;
        }
        hit_bit[p] = o;
        layout[o >> 3] |= (unsigned char)(1 << (o & 7));
        hit_bits[o >> 3] |= (unsigned char)(1 << (o & 7));
    }
    return 0;
}

static PyObject *speedups_setup(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *step_moves, *point_names, *stop_names, *empty, *offsets;
    int hit_shift;
    if (!PyArg_ParseTuple(args, "OOOUOi:setup", &step_moves, &point_names, &stop_names, &empty, &offsets,
                          &hit_shift))
        return NULL;
    clear_tables();
    if (add_moves(step_moves, 3) < 0 || set_names(point_names, stop_names, empty) < 0 ||
        set_layout(offsets, hit_shift) < 0) {
        clear_tables();
        return NULL;
    }
    ready = 1;
    Py_RETURN_NONE;
}

/* ---- the notation (notation.spell) -------------------------------------------------------- */

/* A name or stop at `o` by a fixed-size copy (its text and padding: the space is reserved). */
static inline char *put_name(char *o, const Name *t) {
    memcpy(o, t->text, sizeof t->text);
    return o + t->len;
}

static inline int same_text(const char *a, const char *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (a[i] != b[i])
            return 0;
    }
    return 1;
}

/* Two moves (every non-double): `notation._spell`'s short path, the same text as the loop's. */
static char *spell_two(char *o, const MoveEntry *a, const MoveEntry *b) {
    if (b->src > a->src || (b->src == a->src && b->dst > a->dst)) {
        const MoveEntry *t = a;
        a = b;
        b = t;
    }
    o = put_name(o, &names[a->src]);
    if (b->src == a->dst && a->dst != OFF) { /* one checker, both dice */
        if (a->hit)
            o = put_name(o, &stops[a->dst][1]);
        return put_name(o, &stops[b->dst][b->hit]);
    }
    char *ta = o - names[a->src].len;
    o = put_name(o, &stops[a->dst][a->hit]);
    size_t la = (size_t)(o - ta);
    *o++ = ' ';
    char *tb = o;
    o = put_name(o, &names[b->src]);
    o = put_name(o, &stops[b->dst][b->hit]);
    if ((size_t)(o - tb) == la && same_text(ta, tb, la)) { /* `t(2)` */
        memcpy(tb - 1, "(2)", 3);
        o = tb + 2;
    }
    return o;
}

/* Write `moves`' spelling at `*cursor` (space reserved) and move it on: 1 done, 0 a move
 * not from the table or more than MAX_MOVES (the Python path). */
#define PATH_MAX_LEN (NAME_MAX_LEN + MAX_MOVES * NAME_MAX_LEN)
static int spell(PyObject *moves, char **cursor) {
    if (!PyTuple_Check(moves))
        return 0;
    Py_ssize_t n = PyTuple_GET_SIZE(moves);
    if (n == 0) {
        *cursor = put(*cursor, empty_play.text, (size_t)empty_play.len);
        return 1;
    }
    if (n > MAX_MOVES)
        return 0;
    const MoveEntry *sorted[MAX_MOVES];
    if (n == 2) {
        const MoveEntry *a = find_move(PyTuple_GET_ITEM(moves, 0)), *b = find_move(PyTuple_GET_ITEM(moves, 1));
        if (a == NULL || b == NULL)
            return 0;
        *cursor = spell_two(*cursor, a, b);
        return 1;
    }
    /* sorted by (src, dst), highest first; equal moves keep their order (Python's stable sort) */
    for (Py_ssize_t i = 0; i < n; i++) {
        const MoveEntry *m = find_move(PyTuple_GET_ITEM(moves, i));
        if (m == NULL)
            return 0;
        Py_ssize_t j = i;
        while (j > 0 && (sorted[j - 1]->src < m->src || (sorted[j - 1]->src == m->src && sorted[j - 1]->dst < m->dst))) {
            sorted[j] = sorted[j - 1];
            j--;
        }
        sorted[j] = m;
    }
    /* each checker's path: where it stands, whether its last step hit, its text up to there
     * (with room for a fixed-size copy past its longest) */
    int ends[MAX_MOVES], hits[MAX_MOVES];
    char texts[MAX_MOVES][PATH_MAX_LEN + 2 * (NAME_MAX_LEN + 1)];
    char *tend[MAX_MOVES];
    int paths = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        const MoveEntry *m = sorted[k];
        int s = m->src, i = 0;
        while (i < paths && ends[i] != s)
            i++;
        if (s != OFF && i < paths) { /* the first path that ends where this move starts */
            if (hits[i])
                tend[i] = put_name(tend[i], &stops[s][1]);
            ends[i] = m->dst;
            hits[i] = m->hit;
        } else {
            ends[paths] = m->dst;
            hits[paths] = m->hit;
            tend[paths] = put_name(texts[paths], &names[s]);
            paths++;
        }
    }
    size_t lens[MAX_MOVES];
    for (int i = 0; i < paths; i++) { /* the last stop, always written */
        tend[i] = put_name(tend[i], &stops[ends[i]][hits[i]]);
        lens[i] = (size_t)(tend[i] - texts[i]);
    }
    /* equal paths counted, in the order first met: `t(n)` */
    char *o = *cursor;
    int first = 1;
    for (int i = 0; i < paths; i++) {
        int seen = 0, count = 0;
        for (int j = 0; j < paths; j++) {
            if (lens[j] == lens[i] && same_text(texts[j], texts[i], lens[i])) {
                if (j < i) {
                    seen = 1;
                    break;
                }
                count++;
            }
        }
        if (seen)
            continue;
        if (!first)
            *o++ = ' ';
        first = 0;
        o = put(o, texts[i], lens[i]);
        if (count > 1) {
            *o++ = '(';
            o = put_uint(o, (unsigned)count);
            *o++ = ')';
        }
    }
    *cursor = o;
    return 1;
}

/* ---- a play's fields from its final ------------------------------------------------------- */

/* The final's bytes, little-endian; 1 done, 0 not an int of this layout, -1 an exception. */
static int final_bytes(PyObject *y, unsigned char *out) {
    if (!PyLong_Check(y))
        return 0;
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(y, out, FINAL_BYTES,
                                           Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
                                               Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (need < 0) {
        if (!PyErr_ExceptionMatches(PyExc_ValueError))
            return -1;
        PyErr_Clear();
        return 0;
    }
    if (need > FINAL_BYTES)
        return 0;
#else
    if (_PyLong_AsByteArray((PyLongObject *)y, out, FINAL_BYTES, 1, 0) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return -1;
        PyErr_Clear(); /* negative, or more bytes than the layout's */
        return 0;
    }
#endif
    for (int i = 0; i < FINAL_BYTES; i++) {
        if (out[i] & ~layout[i])
            return 0;
    }
    return 1;
}

static inline int nibble(const unsigned char *y, int bit) { return (y[bit >> 3] >> (bit & 7)) & 15; }

static inline int flag(const unsigned char *y, int bit) { return (y[bit >> 3] >> (bit & 7)) & 1; }

/* Texts made once (`make_texts`): `"b": n, ` for each shared point b and count n (empty for
 * 0), and the XGID character of a point by the mover's colour, its count and the opponent's. */
static Name pair_texts[SLOTS][16];
static char xgid_chars[2][16][16];

static void make_texts(void) {
    for (int p = 1; p < BAR; p++) {
        for (int n = 1; n < 16; n++) {
            Name *t = &pair_texts[p][n];
            t->len = (Py_ssize_t)snprintf(t->text, sizeof t->text, "\"%d\": %d, ", p, n);
        }
    }
    for (int white = 0; white < 2; white++) {
        for (int own = 0; own < 16; own++) {
            for (int other = 0; other < 16; other++) {
                xgid_chars[white][own][other] = (char)(own ? (white ? 64 : 96) + own
                                                       : other ? (white ? 96 : 64) + other : '-');
            }
        }
    }
}

/* `"b": n` pairs of one side joined by ", ", by the shared point b = 1..24: the counts of b are
 * `counts[b]` (White) or `counts[25 - b]` (Black's own numbering), 0..15. No branch a point
 * (which points hold checkers is what a branch predictor cannot guess): each pair's text is
 * copied with its ", " (empty for 0) and the last ", " dropped. */
static char *put_pairs(char *o, const int *counts, int reversed) {
    char *start = o;
    for (int p = 1; p < BAR; p++)
        o = put_name(o, &pair_texts[p][counts[reversed ? BAR - p : p]]);
    return o > start ? o - 2 : o;
}

typedef struct {
    int white;                 /* the mover is White */
    int theirs[SLOTS];         /* the opponent's board before the turn, its own numbering */
    const char *tail;          /* the XGID fields after the board */
    size_t tail_len;
    char tail_padded[TAIL_COPY]; /* the tail again, zero-padded, where it fits */
} Answer;

/* A play's object, after its notation: `", "xgid": …, "board": {…}}`; 1 done, 0 the Python path. */
static int put_fields(char **cursor, const Answer *a, const unsigned char *y) {
    int mine[SLOTS], theirs[SLOTS];
    for (int p = 0; p < SLOTS; p++) {
        mine[p] = nibble(y, slot_bit[p]);
        theirs[p] = a->theirs[p];
    }
    unsigned char any = 0;
    for (int i = 0; i < FINAL_BYTES; i++)
        any |= y[i] & hit_bits[i];
    if (any) {
        for (int p = 1; p < BAR; p++) {
            if (flag(y, hit_bit[p])) {
                if (theirs[BAR - p] != 1) /* a hit mark without a blot under it */
                    return 0;
                theirs[BAR - p] = 0;
                theirs[BAR]++;
            }
        }
    }
    /* White's counts by shared point are its own; Black's, by shared point b, its own 25 - b */
    const int *w = a->white ? mine : theirs, *k = a->white ? theirs : mine;
    char *o = *cursor;
    PUT_LIT(o, "\", \"xgid\": \"XGID=");
    /* character 0 is Black's bar, 1..24 the shared points, 25 White's bar; the mover's letter first */
    o[0] = k[BAR] ? (char)(96 + k[BAR]) : '-';
    if (a->white) {
        for (int i = 1; i < BAR; i++)
            o[i] = xgid_chars[1][w[i]][k[BAR - i]];
    } else {
        for (int i = 1; i < BAR; i++)
            o[i] = xgid_chars[0][k[BAR - i]][w[i]];
    }
    o[BAR] = w[BAR] ? (char)(64 + w[BAR]) : '-';
    o += SLOTS;
    if (a->tail_len <= TAIL_COPY) { /* a fixed-size copy of the padded tail */
        memcpy(o, a->tail_padded, TAIL_COPY);
        o += a->tail_len;
    } else {
        o = put(o, a->tail, a->tail_len);
    }
    PUT_LIT(o, "\", \"board\": {\"white\": {");
    o = put_pairs(o, w, 0);
    PUT_LIT(o, "}, \"black\": {");
    o = put_pairs(o, k, 1);
    PUT_LIT(o, "}, \"white_bar\": ");
    o = put_uint(o, (unsigned)w[BAR]);
    PUT_LIT(o, ", \"black_bar\": ");
    o = put_uint(o, (unsigned)k[BAR]);
    PUT_LIT(o, ", \"white_off\": ");
    o = put_uint(o, (unsigned)w[OFF]);
    PUT_LIT(o, ", \"black_off\": ");
    o = put_uint(o, (unsigned)k[OFF]);
    PUT_LIT(o, "}}");
    *cursor = o;
    return 1;
}

/* The longest text one play may add (the notation, the fixed text, 2 x 24 pairs, the tail). */
static size_t play_bound(size_t tail_len) { return PLAY_TEXT_MAX + tail_len; }

/* A play's moves (a new reference); 1 done, 0 no such attribute (the Python path), -1 an exception. */
static int moves_of(PyObject *play, PyObject **moves) {
    *moves = PyObject_GetAttr(play, str_moves);
    if (*moves != NULL)
        return 1;
    if (!PyErr_ExceptionMatches(PyExc_AttributeError))
        return -1;
    PyErr_Clear();
    return 0;
}

static int read_answer(Answer *a, int white, PyObject *theirs, PyObject *tail) {
    a->white = white;
    PyObject *ft = PySequence_Tuple(theirs); /* a tuple of its own: reading an item may run code */
    if (ft == NULL)
        return -1;
    int ok = PyTuple_GET_SIZE(ft) == SLOTS;
    for (Py_ssize_t p = 0; ok && p < SLOTS; p++) {
        long n = PyLong_AsLong(PyTuple_GET_ITEM(ft, p));
        if (n == -1 && PyErr_Occurred()) {
            if (!PyErr_ExceptionMatches(PyExc_TypeError) && !PyErr_ExceptionMatches(PyExc_OverflowError)) {
                Py_DECREF(ft);
                return -1;
            }
            PyErr_Clear();
            ok = 0;
        } else if (n < 0 || n > 15) {
            ok = 0;
        } else {
            a->theirs[p] = (int)n;
        }
    }
    Py_DECREF(ft);
    if (!ok)
        return 0;
    Py_ssize_t n;
    const char *t = PyUnicode_AsUTF8AndSize(tail, &n);
    if (t == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        if ((unsigned char)t[i] < 32 || (unsigned char)t[i] > 126)
            return 0; /* the Python path translates the whole text: only printable ASCII is its own */
    }
    a->tail = t;
    a->tail_len = (size_t)n;
    memset(a->tail_padded, 0, TAIL_COPY);
    if (n <= TAIL_COPY)
        memcpy(a->tail_padded, t, (size_t)n);
    return 1;
}

static PyObject *not_ready(void) {
    PyErr_SetString(PyExc_RuntimeError, "_speedups.setup() has not been called");
    return NULL;
}

/* A play's room reserved, its object opened and its notation spelled (both entry points): 1
 * with `*cursor` after the notation, 0 (the Python path writes the answer) or -1 (an exception). */
static int open_play(Buf *b, Py_ssize_t i, PyObject *play, size_t bound, char **cursor) {
    PyObject *moves;
    if (buf_reserve(b, bound) < 0)
        return -1;
    int rc = moves_of(play, &moves);
    if (rc <= 0)
        return rc;
    char *o = b->p + b->len;
    if (i)
        PUT_LIT(o, ", ");
    PUT_LIT(o, "{\"notation\": \"");
    rc = spell(moves, &o);
    Py_DECREF(moves);
    *cursor = o;
    return rc;
}

/* The answer's text (rc 1), None (0: the Python path writes it) or NULL (-1: an exception);
 * the buffer freed either way. */
static PyObject *finish(Buf *b, int rc) {
    PyObject *result = NULL;
    if (rc > 0)
        result = b->len ? buf_to_str(b) : PyUnicode_New(0, 127);
    else if (rc == 0)
        result = Py_NewRef(Py_None);
    free(b->p);
    return result;
}

static PyObject *speedups_answer_text(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *plays, *finals, *theirs, *tail;
    int white;
    if (!PyArg_ParseTuple(args, "OOpOU:answer_text", &plays, &finals, &white, &theirs, &tail))
        return NULL;
    if (!ready)
        return not_ready();
    Answer a;
    int rc = read_answer(&a, white, theirs, tail);
    if (rc <= 0)
        return rc < 0 ? NULL : Py_NewRef(Py_None);
    /* tuples of their own (not a list's items: reading a play's attribute may run code) */
    PyObject *fp = PySequence_Tuple(plays);
    if (fp == NULL)
        return NULL;
    PyObject *ff = PySequence_Tuple(finals);
    if (ff == NULL) {
        Py_DECREF(fp);
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(fp);
    Buf b = {NULL, 0, 0};
    rc = n == PyTuple_GET_SIZE(ff);
    if (rc && n)
        rc = buf_reserve(&b, (size_t)n * 300) < 0 ? -1 : 1;
    for (Py_ssize_t i = 0; rc > 0 && i < n; i++) {
        unsigned char y[FINAL_BYTES];
        char *o;
        if ((rc = final_bytes(PyTuple_GET_ITEM(ff, i), y)) <= 0)
            break;
        if ((rc = open_play(&b, i, PyTuple_GET_ITEM(fp, i), play_bound(a.tail_len), &o)) <= 0)
            break;
        rc = put_fields(&o, &a, y);
        b.len = (size_t)(o - b.p);
    }
    PyObject *result = finish(&b, rc);
    Py_DECREF(fp);
    Py_DECREF(ff);
    return result;
}

static PyObject *speedups_notation_text(PyObject *self, PyObject *plays) {
    (void)self;
    if (!ready)
        return not_ready();
    PyObject *fp = PySequence_Tuple(plays); /* a tuple of its own, as in `answer_text` */
    if (fp == NULL)
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(fp);
    Buf b = {NULL, 0, 0};
    int rc = n ? (buf_reserve(&b, (size_t)n * 40) < 0 ? -1 : 1) : 1;
    for (Py_ssize_t i = 0; rc > 0 && i < n; i++) {
        char *o;
        if ((rc = open_play(&b, i, PyTuple_GET_ITEM(fp, i), play_bound(0), &o)) <= 0)
            break;
        PUT_LIT(o, "\"}");
        b.len = (size_t)(o - b.p);
    }
    PyObject *result = finish(&b, rc);
    Py_DECREF(fp);
    return result;
}

/* ---- the module --------------------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"setup", speedups_setup, METH_VARARGS,
     "setup(step_moves, point_names, stops, empty, offsets, hit_shift)\n--\n\n"
     "Register the move table, the notation's names and the final's bit layout (once)."},
    {"answer_text", speedups_answer_text, METH_VARARGS,
     "answer_text(plays, finals, white, theirs, tail)\n--\n\n"
     "The default-field objects of the plays joined by \", \", or None: the Python path."},
    {"notation_text", speedups_notation_text, METH_O,
     "notation_text(plays)\n--\n\n"
     "The notation-only objects of the plays joined by \", \", or None: the Python path."},
    {NULL, NULL, 0, NULL},
};

static void speedups_free(void *module) {
    (void)module;
    clear_tables();
    Py_CLEAR(str_moves);
    Py_CLEAR(str_src);
    Py_CLEAR(str_dst);
    Py_CLEAR(str_hit);
}

static struct PyModuleDef speedups_module = {
    PyModuleDef_HEAD_INIT,
    "tavla_docs.formats.jsonl._speedups",
    "The default-field text of the plain walk's plays in C (optional; formats/jsonl/accel.py).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    speedups_free,
};

PyMODINIT_FUNC PyInit__speedups(void) {
    if ((str_moves = PyUnicode_InternFromString("moves")) == NULL ||
        (str_src = PyUnicode_InternFromString("src")) == NULL ||
        (str_dst = PyUnicode_InternFromString("dst")) == NULL ||
        (str_hit = PyUnicode_InternFromString("hit")) == NULL) {
        speedups_free(NULL);
        return NULL;
    }
    make_texts();
    return PyModule_Create(&speedups_module);
}
