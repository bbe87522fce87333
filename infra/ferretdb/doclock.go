package main

// Which lock a write command holds until its reply (see writelock.go for why writes are held).
//
// Per document where that is provably enough, per collection otherwise:
//   - A write whose every statement names its documents by a top-level `_id` equal to a string
//     or an ObjectID (update/delete `q`, findAndModify `query`, the inserted documents) can
//     touch only those documents: FerretDB refuses updates that change `_id`. It takes its
//     collection's lock shared plus one lock per `_id`.
//   - Any other write (a filter on other fields, an `_id` with an operator, or a number, which
//     matches 1, 1.0 and 1L alike) may touch any document of its collection, so it takes the
//     collection's lock exclusively: it waits for, and holds off, every write to it.
//
// Measured in docs/decisions/ferretdb-concurrent-updates.md: about twice the throughput of one global lock when writes go to
// different documents, and no lost update in any mix of the two kinds.

import (
	"slices"
	"sync"

	"go.mongodb.org/mongo-driver/bson/bsontype"
	"go.mongodb.org/mongo-driver/x/bsonx/bsoncore"
)

type writeLocks struct {
	byID  bool // false: every write takes its collection exclusively (for comparisons in tests)
	mu    sync.Mutex
	colls map[string]*sync.RWMutex // by db + "\x00" + collection; few, kept
	docs  map[string]*docLock      // by collection key + "\x00" + _id; removed when unused
}

type docLock struct {
	sync.Mutex
	users int // holders and waiters
}

func newWriteLocks(byID bool) *writeLocks {
	return &writeLocks{byID: byID, colls: map[string]*sync.RWMutex{}, docs: map[string]*docLock{}}
}

// lock blocks until cmd may run and returns the function that releases it.
func (l *writeLocks) lock(cmd *command) func() {
	ck := cmd.db + "\x00" + cmd.coll
	l.mu.Lock()
	coll := l.colls[ck]
	if coll == nil {
		coll = new(sync.RWMutex)
		l.colls[ck] = coll
	}
	l.mu.Unlock()

	ids, ok := targetIDs(cmd)
	if !ok || !l.byID {
		coll.Lock()
		return coll.Unlock
	}
	coll.RLock()
	slices.Sort(ids) // one order for every writer: two multi-document writes cannot deadlock
	ids = slices.Compact(ids)
	held := make([]*docLock, len(ids))
	for i, id := range ids {
		l.mu.Lock()
		d := l.docs[ck+"\x00"+id]
		if d == nil {
			d = new(docLock)
			l.docs[ck+"\x00"+id] = d
		}
		d.users++
		l.mu.Unlock()
		d.Lock()
		held[i] = d
	}
	return func() {
		for i, d := range held {
			d.Unlock()
			l.mu.Lock()
			if d.users--; d.users == 0 {
				delete(l.docs, ck+"\x00"+ids[i])
			}
			l.mu.Unlock()
		}
		coll.RUnlock()
	}
}

// targetIDs returns the `_id`s (type byte + raw value) a write command can touch, or false
// when that is not known from the command alone.
func targetIDs(cmd *command) ([]string, bool) {
	var list, filterKey string // where the statements are, and their filter's key
	switch cmd.name {
	case "update":
		list, filterKey = "updates", "q"
	case "delete":
		list, filterKey = "deletes", "q"
	case "insert":
		list = "documents" // a document names itself
	case "findAndModify", "findandmodify":
		q, ok := cmd.body.Lookup("query").DocumentOK()
		if !ok {
			return nil, false
		}
		id, ok := plainID(q)
		return []string{id}, ok
	default:
		return nil, false
	}

	// The statements come in the body or, from most drivers, in a kind-1 section.
	stmts := cmd.seqs[list]
	if arr, ok := cmd.body.Lookup(list).ArrayOK(); ok {
		vals, err := arr.Values()
		if err != nil {
			return nil, false
		}
		for _, v := range vals {
			d, ok := v.DocumentOK()
			if !ok {
				return nil, false
			}
			stmts = append(stmts, d)
		}
	}
	if len(stmts) == 0 {
		return nil, false
	}
	ids := make([]string, len(stmts))
	for i, s := range stmts {
		if filterKey != "" {
			var ok bool
			if s, ok = s.Lookup(filterKey).DocumentOK(); !ok {
				return nil, false
			}
		}
		id, ok := plainID(s)
		if !ok {
			return nil, false
		}
		ids[i] = id
	}
	return ids, true
}

// plainID: the document's top-level `_id` when it is a string or an ObjectID, values that
// equal only themselves.
func plainID(d bsoncore.Document) (string, bool) {
	v, err := d.LookupErr("_id")
	if err != nil || (v.Type != bsontype.String && v.Type != bsontype.ObjectID) {
		return "", false
	}
	return string(byte(v.Type)) + string(v.Data), true
}
