"""The compiled kernels of :mod:`.compiled` (numba; imported only when a compiled search runs).

mypy does not follow numba's decorators: the functions are typed by what :mod:`.compiled`
passes them (int64 arrays, the two-bit table's words, uint8 block flags).
"""

# mypy: ignore-errors
from __future__ import annotations

import numpy as np
from numba import njit

#: the even bits: the low bit of every two-bit field of a table word
EVEN = np.int64(0x5555_5555_5555_5555)
#: a de Bruijn sequence: ``(bit * DEBRUIJN) >> 58`` is distinct for each single set bit
_DEBRUIJN = 0x03F79D71B4CB0A89
DEBRUIJN = np.int64(_DEBRUIJN)
_WHERE = np.zeros(64, dtype=np.int64)
for _bit in range(64):
    _WHERE[((_DEBRUIJN << _bit) & 0xFFFF_FFFF_FFFF_FFFF) >> 58] = _bit
FIELD = _WHERE >> 1  # the two-bit field of a set even bit


@njit(cache=True, nogil=True, inline="always")
def _successors(
    code,
    out,
    delta,
    empty,
    occupancy,
    places,
    place_bits,
    moduli,
    scales,
    offsets,
    chunks,
    shift,
    face_bits,
    face_count,
    placements,
    open_,
    any_open,
    magnetic,
    legal,
    change,
    occupancy_sum,
):
    """Fill ``out`` with the code change of the move between each pair of posts (0: none)."""
    pairs = out.size
    placement = code >> face_bits
    value = placement & (moduli[0] - 1) if shift else placement % moduli[0]
    row = offsets[0] + value
    scale = scales[0]
    for j in range(pairs):
        out[j] = delta[row, j] * scale
    mask = empty[row]
    occ = occupancy[row]
    for c in range(1, chunks):
        if not magnetic and not any_open[mask]:
            break
        if shift:
            value = (placement >> place_bits[c]) & (moduli[c] - 1)
        else:
            value = (placement // places[c]) % moduli[c]
        row = offsets[c] + value
        if any_open[mask]:
            scale = scales[c]
            for j in range(pairs):
                if open_[mask, j]:
                    out[j] += delta[row, j] * scale
            mask &= empty[row]
        if magnetic:
            occ = occupancy_sum[occ, occupancy[row]]
    if magnetic:
        faces = code & (face_count - 1)
        key = (occ * face_count + faces) * (2 * pairs)
        for j in range(pairs):
            d = out[j]
            if d != 0:
                index = key + 2 * j + (1 if d < 0 else 0)
                if legal[index]:
                    out[j] = d + change[index]
                else:
                    out[j] = 0


@njit(cache=True, nogil=True, inline="always")
def _classic_successors(
    code, out, delta, empty, place_bits, moduli, scales, offsets, chunks, open_, any_open
):
    """:func:`_successors` for classic rules whose base is a power of two (no face bits)."""
    pairs = out.size
    row = offsets[0] + (code & (moduli[0] - 1))
    scale = scales[0]
    for j in range(pairs):
        out[j] = delta[row, j] * scale
    mask = empty[row]
    c = 1
    while c < chunks and any_open[mask]:
        row = offsets[c] + ((code >> place_bits[c]) & (moduli[c] - 1))
        scale = scales[c]
        for j in range(pairs):
            if open_[mask, j]:
                out[j] += delta[row, j] * scale
        mask &= empty[row]
        c += 1


@njit(cache=True, nogil=True, inline="always")
def _matching(word, label):
    low = word & EVEN
    high = (word >> 1) & EVEN
    if label == 1:
        return low & ~high
    return high & ~low


@njit(cache=True, nogil=True, inline="always")
def _mark(words, after, next_label, following, block_shift):
    """Mark ``after`` with ``next_label`` if unseen; return 1 if it was, else 0."""
    where = after >> 5
    at = (after & 31) << 1
    if (words[where] >> at) & 3 == 0:
        words[where] |= next_label << at
        following[where >> block_shift] = 1
        return 1
    return 0


@njit(cache=True, nogil=True)
def expand_plain(
    words,
    label,
    current,
    following,
    block_shift,
    keep,
    values,
    depth,
    delta,
    empty,
    occupancy,
    places,
    place_bits,
    moduli,
    scales,
    offsets,
    chunks,
    shift,
    face_bits,
    face_count,
    placements,
    open_,
    any_open,
    magnetic,
    legal,
    change,
    occupancy_sum,
):
    """Expand the layer with ``label``: mark its unseen successors, return (found, kept).

    ``values`` (if not empty) receives ``depth`` at every code of the layer.
    """
    next_label = np.int64(3 - label)
    fast = not magnetic and shift > 0
    pairs = delta.shape[1]
    out = np.zeros(pairs, dtype=np.int64)
    write = values.size > 0
    found = 0
    kept = 0
    words_count = words.size
    for block in range(current.size):
        if current[block] == 0:
            continue
        first = block << block_shift
        last = min(words_count, first + (1 << block_shift))
        for wi in range(first, last):
            match = _matching(words[wi], label)
            if match == 0:
                continue
            words[wi] |= match | (match << 1)
            rest = match
            while rest != 0:
                bit = rest & -rest
                rest ^= bit
                code = (np.int64(wi) << 5) + FIELD[((bit * DEBRUIJN) >> 58) & 63]
                if kept < keep.size:
                    keep[kept] = code
                    kept += 1
                if write:
                    values[code] = depth
                if fast:
                    _classic_successors(
                        code,
                        out,
                        delta,
                        empty,
                        place_bits,
                        moduli,
                        scales,
                        offsets,
                        chunks,
                        open_,
                        any_open,
                    )
                else:
                    _successors(
                        code,
                        out,
                        delta,
                        empty,
                        occupancy,
                        places,
                        place_bits,
                        moduli,
                        scales,
                        offsets,
                        chunks,
                        shift,
                        face_bits,
                        face_count,
                        placements,
                        open_,
                        any_open,
                        magnetic,
                        legal,
                        change,
                        occupancy_sum,
                    )
                for j in range(pairs):
                    d = out[j]
                    if d != 0:
                        found += _mark(words, code + d, next_label, following, block_shift)
    return found, kept


@njit(cache=True, nogil=True, inline="always")
def _canonical(
    code,
    n,
    posts,
    shift,
    face_bits,
    face_count,
    first,
    permutable,
    face_of,
    rename,
    index,
    scale_low,
):
    """The number of the canonical form of a code, and how many permutable posts it uses.

    The permutable posts are renamed in the order they first appear from the largest disk down
    (``first[q]``: ``q`` for a post that keeps its name, -1 for a permutable one); the face
    bits of neutral posts follow their posts (``face_of[q]``: the bit of post ``q``, or -1).
    """
    placement = code >> face_bits
    faces = code & (face_count - 1)
    for q in range(posts):
        rename[q] = first[q]
    fresh = 0
    result = np.int64(0)
    for d in range(n - 1, -1, -1):
        x = (
            (placement >> (shift * d)) & (posts - 1)
            if shift
            else (placement // _power(posts, d)) % posts
        )
        if rename[x] < 0:
            rename[x] = permutable[fresh]
            fresh += 1
        result = result * posts + rename[x]
    renamed = faces
    if faces != 0 and fresh > 0:
        renamed = 0
        for q in range(posts):
            bit = face_of[q]
            if bit >= 0 and (faces >> bit) & 1 and rename[q] >= 0:
                renamed |= np.int64(1) << face_of[rename[q]]
    prefix = result // scale_low
    number = index[prefix] * scale_low + (result - prefix * scale_low)
    return (number << face_bits) | renamed, fresh


@njit(cache=True, nogil=True, inline="always")
def _power(base, exponent):
    result = np.int64(1)
    for _ in range(exponent):
        result *= base
    return result


def _symmetric_kernel(with_faces):  # noqa: PLR0915 (the kernel below is one compiled loop)
    """:func:`expand_symmetric` compiled for codes with face bits or without.

    ``with_faces`` is a constant of the compiled function (a closure variable), so the kernel
    for codes without face bits (classic rules, magnetic rules without a neutral post) does no
    face arithmetic per position: its shifts and masks by ``face_bits`` fold away.
    """

    @njit(cache=True, nogil=True)
    def expand_symmetric(  # noqa: PLR0915 (one compiled loop: no calls in the hot path)
        words,
        label,
        current,
        following,
        block_shift,
        keep,
        values,
        depth,
        n,
        posts,
        low,
        prefixes,
        labels_used,
        index,
        first,
        permutable,
        face_of,
        free,
        orbit,
        delta,
        empty,
        occupancy,
        places,
        place_bits,
        moduli,
        scales,
        offsets,
        chunks,
        shift,
        given_face_bits,
        given_face_count,
        placements,
        open_,
        any_open,
        magnetic,
        legal,
        change,
        occupancy_sum,
    ):
        """Expand a layer of canonical numbers; return (positions found, orbits found, kept).

        ``values`` (if not empty) receives ``depth`` at every number of the layer.
        """
        next_label = np.int64(3 - label)
        fast = not magnetic and shift > 0
        out = np.zeros(delta.shape[1], dtype=np.int64)
        rename = np.empty(posts, dtype=np.int64)
        scale_low = _power(posts, low)
        full_orbit = orbit[free]
        write = values.size > 0
        # constants of this compilation where there are no face bits
        face_bits = given_face_bits if with_faces else 0
        face_count = given_face_count if with_faces else 1
        found = 0
        orbits = 0
        kept = 0
        words_count = words.size
        for block in range(current.size):
            if current[block] == 0:
                continue
            start = block << block_shift
            last = min(words_count, start + (1 << block_shift))
            for wi in range(start, last):
                match = _matching(words[wi], label)
                if match == 0:
                    continue
                rest = match
                while rest != 0:
                    bit = rest & -rest
                    rest ^= bit
                    number = (np.int64(wi) << 5) + FIELD[((bit * DEBRUIJN) >> 58) & 63]
                    if kept < keep.size:
                        keep[kept] = number
                        kept += 1
                    if write:
                        values[number] = depth
                    placement_number = number >> face_bits
                    which = placement_number // scale_low
                    suffix = placement_number - which * scale_low
                    prefix = prefixes[which]
                    code_placement = prefix * scale_low + suffix
                    code = (code_placement << face_bits) | (number & (face_count - 1))
                    full = labels_used[which] == free
                    if fast:
                        _classic_successors(
                            code,
                            out,
                            delta,
                            empty,
                            place_bits,
                            moduli,
                            scales,
                            offsets,
                            chunks,
                            open_,
                            any_open,
                        )
                    else:
                        _successors(
                            code,
                            out,
                            delta,
                            empty,
                            occupancy,
                            places,
                            place_bits,
                            moduli,
                            scales,
                            offsets,
                            chunks,
                            shift,
                            face_bits,
                            face_count,
                            placements,
                            open_,
                            any_open,
                            magnetic,
                            legal,
                            change,
                            occupancy_sum,
                        )
                    for j in range(out.size):
                        d = out[j]
                        if d == 0:
                            continue
                        moved_code = code + d
                        after = -1
                        if full:
                            # the change of the placement (the face bits change too, by less)
                            step = (moved_code >> face_bits) - code_placement if with_faces else d
                            if -scale_low < step < scale_low:  # a disk of the suffix moved
                                after = number + d
                            else:  # a disk of the prefix: canonical still if its prefix is
                                moved = index[prefix + step // scale_low]
                                if moved >= 0 and labels_used[moved] == free:
                                    after = (moved - which) * scale_low
                                    after = number + (after << face_bits)
                                    after += d - (step << face_bits)
                        if after >= 0:
                            size = full_orbit
                        else:
                            after, used = _canonical(
                                moved_code,
                                n,
                                posts,
                                shift,
                                face_bits,
                                face_count,
                                first,
                                permutable,
                                face_of,
                                rename,
                                index,
                                scale_low,
                            )
                            size = orbit[used]
                        if _mark(words, after, next_label, following, block_shift):
                            found += size
                            orbits += 1
                words[wi] |= match | (match << 1)
        return found, orbits, kept

    return expand_symmetric


#: the symmetric kernel for codes without face bits (``face_bits`` 0: classic rules)
expand_symmetric = _symmetric_kernel(False)
#: the symmetric kernel for codes with face bits (magnetic rules with a neutral post)
expand_symmetric_faced = _symmetric_kernel(True)


@njit(cache=True, nogil=True)
def fill_from_canonical(
    out,
    canonical_values,
    mark,
    n,
    posts,
    shift,
    face_bits,
    face_count,
    first,
    permutable,
    face_of,
    index,
    scale_low,
):
    """Write into ``out[code]`` the value of the canonical number of every code.

    Codes that are no position (a face bit for an empty neutral post) receive ``mark``.
    """
    rename = np.empty(posts, dtype=np.int64)
    for code in range(out.size):
        placement = code >> face_bits
        faces = code & (face_count - 1)
        if faces != 0:
            occupied = 0
            for d in range(n):
                x = (
                    (placement >> (shift * d)) & (posts - 1)
                    if shift
                    else (placement // _power(posts, d)) % posts
                )
                occupied |= np.int64(1) << x
            valid = True
            for q in range(posts):
                bit = face_of[q]
                if bit >= 0 and (faces >> bit) & 1 and not (occupied >> q) & 1:
                    valid = False
            if not valid:
                out[code] = mark
                continue
        number, _ = _canonical(
            code,
            n,
            posts,
            shift,
            face_bits,
            face_count,
            first,
            permutable,
            face_of,
            rename,
            index,
            scale_low,
        )
        out[code] = canonical_values[number]


@njit(cache=True, nogil=True)
def successor_table(
    out,
    delta,
    empty,
    occupancy,
    places,
    place_bits,
    moduli,
    scales,
    offsets,
    chunks,
    shift,
    face_bits,
    face_count,
    placements,
    open_,
    any_open,
    magnetic,
    legal,
    change,
    occupancy_sum,
):
    """``out[code, j]``: the code after the move between the ``j``-th pair of posts, -1: none.

    The moves of :func:`_successors` for every code at once, for many searches of one small
    space (codes that are no position get values no search reads).
    """
    moves = np.zeros(out.shape[1], dtype=np.int64)
    for code in range(out.shape[0]):
        _successors(
            np.int64(code),
            moves,
            delta,
            empty,
            occupancy,
            places,
            place_bits,
            moduli,
            scales,
            offsets,
            chunks,
            shift,
            face_bits,
            face_count,
            placements,
            open_,
            any_open,
            magnetic,
            legal,
            change,
            occupancy_sum,
        )
        for j in range(moves.size):
            out[code, j] = code + moves[j] if moves[j] != 0 else -1


@njit(cache=True, nogil=True)
def search_each(  # noqa: PLR0915 (one compiled loop: no calls in the hot path)
    sources,
    weights,
    words,
    queue,
    multi,
    successors,
    histogram,
    eccentricities,
    sums,
    several,
    delta,
    empty,
    place_bits,
    moduli,
    scales,
    offsets,
    chunks,
    open_,
    any_open,
):
    """A complete search from each source in turn, counting shortest paths up to two.

    The same two-bit table and moves as :func:`expand_plain`, but a layer is kept as a list (a
    stretch of ``queue``) rather than read back from the table: the searches of a question
    about every position are small and their layers thin (three posts: a few dozen positions
    each), so scanning the table for a layer would cost more than it. The moves come from
    ``successors`` (:func:`successor_table`), or, if it has no rows, are found for each code
    by :func:`_classic_successors` (classic rules on a power-of-two number of posts: shifts
    and small tables, faster than reading a table of every code's moves).

    ``multi`` holds one byte per code, 1 if the code has more than one shortest path from the
    source: a position found first takes the byte of the position it was found from, one
    found again from the layer before gets 1 (``s(w)`` is the sum of ``s(u)`` over those).

    ``histogram[d]`` gains ``weights[i]`` times the positions at distance ``d`` from source
    ``i``; ``eccentricities[i]``, ``sums[i]`` (the sum of its distances) and ``several[i]``
    (its positions reached by more than one shortest path) are written. Returns 0, or -1 if a
    distance outgrew ``histogram`` (nothing is then complete).
    """
    table = successors.shape[0] > 0
    pairs = successors.shape[1] if table else delta.shape[1]
    out = np.zeros(pairs, dtype=np.int64)
    for i in range(sources.size):
        words[:] = 0
        source = sources[i]
        words[source >> 5] |= np.int64(1) << ((source & 31) << 1)
        multi[source] = 0
        queue[0] = source
        histogram[0] += weights[i]
        head = 0
        tail = 1
        label = np.int64(1)
        depth = 0
        total = 0
        many = 0
        while True:
            end = tail
            next_label = 3 - label
            for q in range(head, end):
                code = queue[q]
                words[code >> 5] |= np.int64(3) << ((code & 31) << 1)  # expanded
                mine = multi[code]
                many += mine
                if not table:
                    _classic_successors(
                        code,
                        out,
                        delta,
                        empty,
                        place_bits,
                        moduli,
                        scales,
                        offsets,
                        chunks,
                        open_,
                        any_open,
                    )
                for j in range(pairs):
                    if table:
                        after = np.int64(successors[code, j])
                        if after < 0:
                            continue
                    else:
                        if out[j] == 0:
                            continue
                        after = code + out[j]
                    where = after >> 5
                    at = (after & 31) << 1
                    value = (words[where] >> at) & 3
                    if value == 0:
                        words[where] |= next_label << at
                        multi[after] = mine
                        queue[tail] = after
                        tail += 1
                    elif value == next_label:
                        multi[after] = 1
            found = tail - end
            if found == 0:
                break
            depth += 1
            if depth >= histogram.size:
                return -1
            histogram[depth] += weights[i] * found
            total += depth * found
            head = end
            label = next_label
        eccentricities[i] = depth
        sums[i] = total
        several[i] = many
    return 0
