package store

import (
	"bytes"

	bolt "go.etcd.io/bbolt"
)

// The look-alike indexes, from schema 2.
var (
	bucketAccountLooks = []byte("account_looks")
	bucketNameLooks    = []byte("name_looks")
)

// The look-alike indexes (account_looks for account names, name_looks for
// character names) hold one empty value under skeleton, a zero byte, and
// the folded key of a name held, so one skeleton can list several names:
// two look-alikes held before the rule existed are both indexed, and
// deleting one frees only its own entry. A skeleton never holds a zero
// byte (checkName refuses control characters, and NFKD makes none).

// lookKey is the index key of the name filed under folded. The skeleton is
// taken of the folded key, which has the name's skeleton
// (TestTheSkeletonOfAFoldedNameIsTheNames).
func lookKey(folded []byte) []byte {
	key := append([]byte(skeleton(string(folded))), 0)
	return append(key, folded...)
}

// looksTaken says whether a name other than folded has folded's skeleton.
func looksTaken(index *bolt.Bucket, folded []byte) bool {
	key := lookKey(folded)
	prefix := key[:bytes.IndexByte(key, 0)+1]
	cur := index.Cursor()
	for k, _ := cur.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = cur.Next() {
		if !bytes.Equal(k[len(prefix):], folded) {
			return true
		}
	}
	return false
}

func indexLook(index *bolt.Bucket, folded []byte) error { return index.Put(lookKey(folded), nil) }

func unindexLook(index *bolt.Bucket, folded []byte) error { return index.Delete(lookKey(folded)) }
