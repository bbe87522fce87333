package main

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/bson"
)

// TestAnalyzeAfterInserts: a burst of inserts through the front has its table analysed at once
// (autovacuum is off for the table, so only the front can have done it).
func TestAnalyzeAfterInserts(t *testing.T) {
	ctx := context.Background()
	comp, logger := testCompanions(t, slog.LevelWarn)
	client := serveFront(t, &front{backend: ferretSocket, logger: logger, lock: newWriteLocks(true).lock, companions: comp, analyzer: newAnalyzer(comp, logger)})
	db := freshDatabase(t, client, comp, "pinhive_test_analyze")

	burst := db.Collection("burst")
	if _, err := burst.InsertOne(ctx, bson.D{{Key: "n", Value: -1}}); err != nil {
		t.Fatal(err)
	}
	table := `"pinhive_test_analyze".` + tableOf(t, comp, db.Name(), "burst")
	if _, err := comp.pool.Exec(ctx, `ALTER TABLE `+table+` SET (autovacuum_enabled = false)`); err != nil {
		t.Fatal(err)
	}
	reltuples := func() float64 {
		var rows float64
		if err := comp.pool.QueryRow(ctx, `SELECT reltuples FROM pg_class WHERE oid = $1::regclass`, table).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		return rows
	}
	if rows := reltuples(); rows > 1 { // building the companion index counted the one row
		t.Fatalf("statistics of %v rows after one document", rows)
	}

	docs := make([]any, analyzeMinInserts+500)
	for i := range docs {
		docs[i] = bson.D{{Key: "n", Value: i}, {Key: "group", Value: i % 10}}
	}
	if _, err := burst.InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for reltuples() < float64(len(docs)) && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if rows := reltuples(); rows < float64(len(docs)) {
		t.Fatalf("the table's statistics count %v rows after %d inserts", rows, len(docs)+1)
	}
}
