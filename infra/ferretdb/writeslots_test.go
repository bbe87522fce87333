package main

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/bson"
)

// More concurrent writers than FerretDB's pool has connections, each updating its own document:
// without the write slots FerretDB stalls for good once every connection is held by a write
// waiting for a second one (writeslots.go). With them every update is answered.
func TestManyWritersDoNotStall(t *testing.T) {
	testPG(t)
	client := startFront(t, withWriteSlots(newWriteLocks(true).lock, maxWrites), nil)
	coll := client.Database("writeslots").Collection(fmt.Sprintf("c%d", time.Now().UnixNano()))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	const writers, rounds = 3 * poolMaxConns / 2, 40
	for w := 0; w < writers; w++ {
		if _, err := coll.InsertOne(ctx, bson.M{"_id": fmt.Sprintf("d%d", w), "n": 0}); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				if _, err := coll.UpdateOne(ctx, bson.M{"_id": fmt.Sprintf("d%d", w)}, bson.M{"$inc": bson.M{"n": 1}}); err != nil {
					errs <- fmt.Errorf("writer %d round %d: %w", w, r, err)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err) // a stall shows as the context's deadline
	}
	var doc struct{ N int }
	if err := coll.FindOne(ctx, bson.M{"_id": "d0"}).Decode(&doc); err != nil || doc.N != rounds {
		t.Fatalf("d0 has n=%d (%v), want %d", doc.N, err, rounds)
	}
}
