package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
)

// The start check reads the file itself, with plain reads into memory it
// owns, before bbolt maps it: bbolt trusts what it maps, so a page id past
// the end of a truncated file is a SIGBUS and a blank free-page list is a
// panic. Every page the tree reaches, every entry's key and value, and the
// free-page list are checked to lie inside the file; only then does bbolt's
// own check (tx.Check), which reads the same pages through the map on a
// goroutine of its own, run. The layout is bbolt's (version 2), in the
// byte order of the machine that wrote it, which is this one's.

const (
	boltMagic         = 0xED0CDAED
	boltVersion       = 2
	pageHeaderSize    = 16 // id u64, flags u16, count u16, overflow u32
	elementSize       = 16 // a branch or a leaf element
	bucketHeaderSize  = 16 // root page u64, sequence u64
	metaSize          = 64 // magic … txid, then the checksum
	metaChecksummed   = 56 // the bytes the checksum covers
	noFreelist        = ^uint64(0)
	freelistCountSpan = 0xFFFF // a count this large is stored in the first id's place

	flagBranch   = 0x01
	flagLeaf     = 0x02
	flagMeta     = 0x04
	flagFreelist = 0x10
	leafIsBucket = 0x01

	// bbolt looks for the second header page at 1 KiB to 16 MiB; a page
	// size outside that range is not one it wrote.
	minPageSize = 1 << 10
	maxPageSize = 16 << 20
)

var order = binary.NativeEndian

// header is what a meta page says about the file.
type header struct {
	pageSize uint64
	root     uint64 // the root bucket's page
	freelist uint64 // the free-page list's page
	pages    uint64 // the high-water mark: every page in use is below it
	txid     uint64
}

// damage is a problem found in the file, in words for the operator.
type damage struct {
	problem string
	foreign bool // no valid header at all: perhaps not a bbolt file
}

func (d *damage) Error() string { return d.problem }

func damaged(format string, args ...any) *damage {
	return &damage{problem: fmt.Sprintf(format, args...)}
}

// inspectHeader checks what bbolt reads when it opens the file: the newest
// valid header page, the file's size against it, and the free-page list.
// After it, bbolt can open the file without touching a byte past its end.
func inspectHeader(r io.ReaderAt, size int64) (header, error) {
	h, err := newestHeader(r, size)
	if err != nil {
		return header{}, err
	}
	if end := h.pages * h.pageSize; uint64(size) < end {
		return header{}, damaged("the file ends at %d bytes but its pages run to %d", size, end)
	}
	return h, checkFreelist(r, h)
}

// newestHeader returns the valid meta page with the higher transaction id,
// as bbolt chooses it. The first meta page gives the page size; when it is
// unreadable, the second is looked for where bbolt looks.
func newestHeader(r io.ReaderAt, size int64) (header, error) {
	first, firstOK := readMeta(r, 0, size)
	var second header
	var secondOK bool
	if firstOK {
		second, secondOK = readMeta(r, int64(first.pageSize), size)
	} else {
		for ps := int64(minPageSize); ps <= maxPageSize && ps < size; ps <<= 1 {
			if second, secondOK = readMeta(r, ps, size); secondOK && int64(second.pageSize) == ps {
				break
			}
			secondOK = false
		}
	}
	switch {
	case !firstOK && !secondOK:
		return header{}, &damage{problem: "neither of its two header pages is valid", foreign: true}
	case !secondOK || (firstOK && first.txid >= second.txid):
		return first, saneHeader(first)
	default:
		return second, saneHeader(second)
	}
}

// readMeta reads the meta page at off and reports whether it is valid as
// bbolt validates it: the magic number, the version and the checksum.
func readMeta(r io.ReaderAt, off, size int64) (header, bool) {
	var buf [pageHeaderSize + metaSize]byte
	if off+int64(len(buf)) > size {
		return header{}, false
	}
	if _, err := r.ReadAt(buf[:], off); err != nil {
		return header{}, false
	}
	m := buf[pageHeaderSize:]
	sum := fnv.New64a()
	sum.Write(m[:metaChecksummed])
	if order.Uint32(m[0:]) != boltMagic || order.Uint32(m[4:]) != boltVersion || order.Uint64(m[56:]) != sum.Sum64() {
		return header{}, false
	}
	return header{
		pageSize: uint64(order.Uint32(m[8:])),
		root:     order.Uint64(m[16:]), // m[24:32] is the root bucket's sequence
		freelist: order.Uint64(m[32:]),
		pages:    order.Uint64(m[40:]),
		txid:     order.Uint64(m[48:]),
	}, true
}

// saneHeader refuses a header whose checksum holds but whose numbers bbolt
// could never have written.
func saneHeader(h header) error {
	switch {
	case h.pageSize < minPageSize || h.pageSize > maxPageSize || h.pageSize&(h.pageSize-1) != 0:
		return damaged("its header gives a page size of %d bytes", h.pageSize)
	case h.pages < 3 || h.pages > 1<<63/h.pageSize:
		return damaged("its header gives %d pages", h.pages)
	case h.root < 2 || h.root >= h.pages:
		return damaged("its header puts the root at page %d of %d", h.root, h.pages)
	case h.freelist == noFreelist:
		// bbolt would rebuild the list and write it as it opens; this
		// program always saves the list, so the file is not its own.
		return damaged("it was saved without its list of free pages, which Duskfall never does")
	case h.freelist < 2 || h.freelist >= h.pages:
		return damaged("its header puts the free-page list at page %d of %d", h.freelist, h.pages)
	}
	return nil
}

// checkFreelist checks that the free-page list is one, inside the file,
// and names only pages that exist.
func checkFreelist(r io.ReaderAt, h header) error {
	p, err := readPage(r, h, h.freelist)
	if err != nil {
		return damaged("its free-page list: %v", err)
	}
	if flags := order.Uint16(p[8:]); flags != flagFreelist {
		return damaged("its free-page list (page %d) %s", h.freelist, pageKind(p))
	}
	first, count := uint64(0), uint64(order.Uint16(p[10:]))
	if count == freelistCountSpan {
		first, count = 1, order.Uint64(p[pageHeaderSize:])
	}
	if count > uint64(len(p)-pageHeaderSize)/8-first {
		return damaged("its free-page list (page %d) claims %d pages, more than it holds", h.freelist, count)
	}
	for i := range count {
		id := order.Uint64(p[pageHeaderSize+(first+i)*8:])
		if id < 2 || id >= h.pages {
			return damaged("its free-page list (page %d) names page %d of %d", h.freelist, id, h.pages)
		}
	}
	return nil
}

// readPage reads page id with its overflow pages, checking that the page
// says it is id and that it ends before the high-water mark.
func readPage(r io.ReaderAt, h header, id uint64) ([]byte, error) {
	head := make([]byte, h.pageSize)
	if _, err := r.ReadAt(head, int64(id*h.pageSize)); err != nil {
		return nil, damaged("page %d cannot be read: %v", id, err)
	}
	if got := order.Uint64(head); got != id {
		if isBlank(head) {
			return nil, damaged("page %d is blank", id)
		}
		return nil, damaged("page %d is overwritten (its header names page %d)", id, got)
	}
	overflow := uint64(order.Uint32(head[12:]))
	if overflow >= h.pages-id {
		return nil, damaged("page %d runs %d pages on, past the last page %d", id, overflow, h.pages-1)
	}
	if overflow == 0 {
		return head, nil
	}
	whole := make([]byte, (overflow+1)*h.pageSize)
	copy(whole, head)
	if _, err := r.ReadAt(whole[len(head):], int64((id+1)*h.pageSize)); err != nil {
		return nil, damaged("page %d cannot be read: %v", id, err)
	}
	return whole, nil
}

func isBlank(b []byte) bool { return len(bytes.TrimLeft(b, "\x00")) == 0 }

// pageKind says what a page that should be something else is.
func pageKind(p []byte) string {
	switch order.Uint16(p[8:]) {
	case flagBranch:
		return "is a branch page"
	case flagLeaf:
		return "is a leaf page"
	case flagMeta:
		return "is a header page"
	case flagFreelist:
		return "is a free-page list"
	}
	if isBlank(p[pageHeaderSize:]) {
		return "is blank"
	}
	return fmt.Sprintf("has no page type (flags %#x)", order.Uint16(p[8:]))
}

// walker follows the tree from the root bucket through every nested
// bucket, reading each page once.
type walker struct {
	r    io.ReaderAt
	h    header
	seen []bool // by page id: a page reached twice is a loop or a shared page
}

// inspectTree checks every page the tree reaches: each is where its parent
// points, inside the file, a branch or a leaf, reached once, and every
// key and value on it lies on it.
func inspectTree(r io.ReaderAt, h header) error {
	w := &walker{r: r, h: h, seen: make([]bool, h.pages)}
	return w.page(h.root)
}

func (w *walker) page(id uint64) error {
	if id < 2 || id >= w.h.pages {
		return damaged("a branch points to page %d, outside pages 2 to %d", id, w.h.pages-1)
	}
	if w.seen[id] {
		return damaged("page %d is reached twice", id)
	}
	p, err := readPage(w.r, w.h, id)
	if err != nil {
		return err
	}
	for i := range order.Uint32(p[12:]) + 1 {
		w.seen[id+uint64(i)] = true
	}
	switch order.Uint16(p[8:]) {
	case flagBranch:
		return w.branch(id, p)
	case flagLeaf:
		return w.leaf(id, p)
	}
	return damaged("page %d %s where the tree needs a branch or a leaf", id, pageKind(p))
}

// branch checks a branch page's keys and follows its children.
func (w *walker) branch(id uint64, p []byte) error {
	count, err := elementCount(id, p)
	if err != nil {
		return err
	}
	if count == 0 {
		return damaged("branch page %d has no children", id)
	}
	for i := range count {
		at := pageHeaderSize + i*elementSize
		pos, ksize := uint64(order.Uint32(p[at:])), uint64(order.Uint32(p[at+4:]))
		if uint64(at)+pos+ksize > uint64(len(p)) {
			return damaged("key %d of page %d runs off the page", i, id)
		}
		if err := w.page(order.Uint64(p[at+8:])); err != nil {
			return err
		}
	}
	return nil
}

// leaf checks a leaf's keys and values and follows the buckets it holds.
// id names the page in messages: for a bucket stored inline, the page
// that holds it.
func (w *walker) leaf(id uint64, p []byte) error {
	count, err := elementCount(id, p)
	if err != nil {
		return err
	}
	for i := range count {
		at := pageHeaderSize + i*elementSize
		flags := order.Uint32(p[at:])
		pos, ksize, vsize := uint64(order.Uint32(p[at+4:])), uint64(order.Uint32(p[at+8:])), uint64(order.Uint32(p[at+12:]))
		start := uint64(at) + pos + ksize
		if start+vsize > uint64(len(p)) {
			return damaged("entry %d of page %d runs off the page", i, id)
		}
		if flags&leafIsBucket == 0 {
			continue
		}
		if err := w.bucket(id, p[start:start+vsize]); err != nil {
			return err
		}
	}
	return nil
}

// bucket follows a nested bucket: its root page, or the page stored inline
// after its header.
func (w *walker) bucket(id uint64, value []byte) error {
	if len(value) < bucketHeaderSize {
		return damaged("a bucket on page %d is cut short", id)
	}
	if root := order.Uint64(value); root != 0 {
		return w.page(root)
	}
	inline := value[bucketHeaderSize:]
	if len(inline) < pageHeaderSize || order.Uint16(inline[8:]) != flagLeaf {
		return damaged("a bucket stored inline on page %d is not a leaf", id)
	}
	return w.leaf(id, inline)
}

// elementCount is the page's element count, checked to fit on the page.
func elementCount(id uint64, p []byte) (int, error) {
	count := int(order.Uint16(p[10:]))
	if pageHeaderSize+count*elementSize > len(p) {
		return 0, damaged("page %d claims %d entries, more than fit on it", id, count)
	}
	return count, nil
}
