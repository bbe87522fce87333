package main

// Fresh statistics after a burst of inserts (postgresql handler only).
//
// PostgreSQL plans a lookup from the statistics of its table, which autovacuum refreshes only
// once 10% of the rows changed and its next round comes (up to autovacuum_naptime later). Right
// after a burst of inserts (an import, a carry-over, a benchmark's seed of 20,000 documents) a
// table's statistics still describe the small table it was, and reads by an indexed field were
// 2-3 times slower for about a minute. The front sees every insert, so it counts the documents
// inserted into each collection and runs ANALYZE on its table itself once they reach
// analyzeMinInserts and as many as the rows the last statistics counted: a table analysed at n
// rows is analysed again at about 2n, so a table loaded in bulk is analysed a logarithmic number
// of times, each in the background, one table at a time, and steady growth is left to autovacuum.
// (At a fifth of the rows, the cost benchmark's window caught an ANALYZE of the 58,000 feed
// entries the seed had left: 2.2 s of PostgreSQL's CPU, its expression statistics computed for
// every companion index.)

import (
	"log/slog"
	"sync"

	"github.com/jackc/pgx/v5"
)

const (
	analyzeMinInserts = 1000
	analyzeGrowth     = 1.0
)

type analyzer struct {
	comp   *companions // its pool and FerretDB's catalogue
	logger *slog.Logger

	mu      sync.Mutex
	tables  map[string]*insertCount // by db + "\x00" + collection
	running bool                    // one ANALYZE at a time: the pool is small and a burst is rarely in two collections at once
}

type insertCount struct {
	since int     // documents inserted since the last ANALYZE (or since this process started)
	rows  float64 // the rows the last statistics counted (0 until known)
}

func newAnalyzer(comp *companions, logger *slog.Logger) *analyzer {
	return &analyzer{comp: comp, logger: logger, tables: map[string]*insertCount{}}
}

// inserted counts n documents inserted into db.coll (the front calls it when FerretDB answered an
// insert command; a refused insert is counted too, which only brings an ANALYZE a little earlier).
func (a *analyzer) inserted(db, coll string, n int) {
	if n <= 0 || db == "" || coll == "" {
		return
	}
	key := db + "\x00" + coll
	a.mu.Lock()
	t := a.tables[key]
	if t == nil {
		t = &insertCount{}
		a.tables[key] = t
	}
	t.since += n
	due := !a.running && t.since >= analyzeMinInserts && float64(t.since) >= analyzeGrowth*t.rows
	if due {
		a.running = true
		t.since = 0
	}
	a.mu.Unlock()
	if due {
		go a.analyze(db, coll, t)
	}
}

// analyze runs ANALYZE on db.coll's table and records the rows it counted.
func (a *analyzer) analyze(db, coll string, t *insertCount) {
	defer func() {
		a.mu.Lock()
		a.running = false
		a.mu.Unlock()
	}()
	ctx := a.comp.ctx
	var table string
	err := a.comp.pool.QueryRow(ctx, `SELECT _jsonb->>'table' FROM `+pgx.Identifier{db, metadataTable}.Sanitize()+` WHERE _jsonb->>'_id' = $1`, coll).Scan(&table)
	if err != nil {
		a.logger.Warn("statistics after inserts: no table for the collection", "db", db, "collection", coll, "err", err)
		return
	}
	name := pgx.Identifier{db, table}.Sanitize()
	if _, err = a.comp.pool.Exec(ctx, `ANALYZE `+name); err != nil {
		a.logger.Warn("statistics after inserts: ANALYZE failed", "db", db, "collection", coll, "err", err)
		return
	}
	var rows float64
	if err = a.comp.pool.QueryRow(ctx, `SELECT GREATEST(reltuples, 0) FROM pg_class WHERE oid = $1::regclass`, name).Scan(&rows); err == nil {
		a.mu.Lock()
		t.rows = rows
		a.mu.Unlock()
	}
	a.logger.Info("statistics refreshed after inserts", "db", db, "collection", coll, "rows", rows)
}

// insertedDocuments: how many documents an insert command carries (in its document sequence,
// as drivers send them, or in its body).
func insertedDocuments(cmd *command) int {
	if docs, ok := cmd.seqs["documents"]; ok {
		return len(docs)
	}
	arr, ok := cmd.body.Lookup("documents").ArrayOK()
	if !ok {
		return 0
	}
	values, err := arr.Values()
	if err != nil {
		return 0
	}
	return len(values)
}
