package url

import (
	"slices"
	"unicode/utf8"
)

// This file is Unicode Normalization Form C (UAX #15,
// https://www.unicode.org/reports/tr15/) for UTS #46, on the tables of
// idna_tables.go: canonical decomposition, canonical ordering, then
// canonical composition. Only strings with a code point that NFC must look
// at (idnaNFC: a combining class other than 0, or NFC_Quick_Check No or
// Maybe) reach it; the others are in NFC already.
//
// It is NFC of strings in which no code point is mapped or ignored by UTS
// #46, which is what UTS #46 normalizes: the mapped domain, and decoded
// Punycode labels, where such a code point is an error whatever NFC does.
// The tables keep nothing but the status of a mapped or ignored code
// point, so nfc leaves one as it is.

// Hangul syllables are composed and decomposed by arithmetic (Unicode,
// section 3.12).
const (
	hangulSBase  = 0xAC00
	hangulLBase  = 0x1100
	hangulVBase  = 0x1161
	hangulTBase  = 0x11A7
	hangulLCount = 19
	hangulVCount = 21
	hangulTCount = 28
	hangulNCount = hangulVCount * hangulTCount
	hangulSCount = hangulLCount * hangulNCount
)

// isNFC reports whether s is in NFC.
func isNFC(s string) bool {
	for _, r := range s {
		if idnaProps(r)&idnaNFC != 0 {
			return nfc(s) == s
		}
	}
	return true
}

// combiningClass returns the Canonical_Combining_Class of r.
func combiningClass(r rune) uint8 {
	if r < 0x300 {
		return 0
	}
	lo, hi := 0, len(nfcCCC)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rune(nfcCCC[m]>>32) <= r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return 0
	}
	e := nfcCCC[lo-1]
	if r > rune(e>>8&(1<<24-1)) {
		return 0
	}
	return uint8(e)
}

// appendDecomposition appends the full canonical decomposition of r to d.
func appendDecomposition(d []rune, r rune) []rune {
	if s := r - hangulSBase; 0 <= s && s < hangulSCount {
		d = append(d, hangulLBase+s/hangulNCount, hangulVBase+s%hangulNCount/hangulTCount)
		if t := s % hangulTCount; t != 0 {
			d = append(d, hangulTBase+t)
		}
		return d
	}
	if r < 0xC0 || idnaProps(r)&idnaDecomp == 0 {
		return append(d, r)
	}
	i, found := slices.BinarySearchFunc(nfcDecomps[:], r, func(e uint64, r rune) int {
		return int(rune(e>>32) - r)
	})
	if !found {
		return append(d, r)
	}
	e := nfcDecomps[i]
	off, n := int(e>>8&(1<<24-1)), int(e&0xFF)
	for _, c := range nfcDecompText[off : off+n] {
		d = append(d, c)
	}
	return d
}

// compose returns the primary composite of a and b, or -1.
func compose(a, b rune) rune {
	if l := a - hangulLBase; 0 <= l && l < hangulLCount {
		if v := b - hangulVBase; 0 <= v && v < hangulVCount {
			return hangulSBase + (l*hangulVCount+v)*hangulTCount
		}
		return -1
	}
	if s := a - hangulSBase; 0 <= s && s < hangulSCount && s%hangulTCount == 0 {
		if t := b - hangulTBase; 0 < t && t < hangulTCount {
			return a + t
		}
		return -1
	}
	key := uint64(a)<<21 | uint64(b)
	i, found := slices.BinarySearchFunc(nfcCompose[:], key, func(e, key uint64) int {
		switch k := e >> 21; {
		case k < key:
			return -1
		case k > key:
			return 1
		}
		return 0
	})
	if !found {
		return -1
	}
	return rune(nfcCompose[i] & (1<<21 - 1))
}

// nfc returns s in Normalization Form C.
func nfc(s string) string {
	d := make([]rune, 0, len(s))
	for _, r := range s {
		d = appendDecomposition(d, r)
	}
	// Canonical ordering: a stable sort of each run of non-starters by
	// combining class (an insertion sort: such runs are short).
	ccc := make([]uint8, len(d))
	for i, r := range d {
		ccc[i] = combiningClass(r)
	}
	for i := 1; i < len(d); i++ {
		if ccc[i] == 0 {
			continue
		}
		for j := i; j > 0 && ccc[j-1] > ccc[j]; j-- {
			d[j-1], d[j] = d[j], d[j-1]
			ccc[j-1], ccc[j] = ccc[j], ccc[j-1]
		}
	}
	// Canonical composition: each character is combined with the last
	// starter before it when it is not blocked from it (no character
	// between them has a class of 0 or one at least its own) and the two
	// have a primary composite.
	starter := -1
	out := 0
	var lastCCC int = -1 // class of the last character kept after the starter; -1 if none
	for i, r := range d {
		c := ccc[i]
		if starter >= 0 {
			blocked := lastCCC != -1 && (lastCCC == 0 || lastCCC >= int(c))
			if !blocked {
				if p := compose(d[starter], r); p >= 0 {
					d[starter] = p
					continue
				}
			}
		}
		if c == 0 {
			starter = out
			lastCCC = -1
		} else {
			lastCCC = int(c)
		}
		d[out] = r
		ccc[out] = c
		out++
	}
	b := make([]byte, 0, len(s))
	for _, r := range d[:out] {
		b = utf8.AppendRune(b, r)
	}
	return string(b)
}
