package dice

import "testing"

// TestSeededPosition: a stream carried elsewhere by its position draws
// exactly the faces the original would have drawn, and moving the
// original to the copy's end position continues the same sequence.
func TestSeededPosition(t *testing.T) {
	a, b := New(42, 3, 1), New(42, 3, 1)
	a.Roll(20)
	b.Roll(20)
	pos, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	elsewhere := &Seeded{}
	if err := elsewhere.UnmarshalBinary(pos); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		if x, y := elsewhere.Roll(6), b.Roll(6); x != y {
			t.Fatalf("die %d: %d elsewhere, %d here", i, x, y)
		}
	}
	end, _ := elsewhere.MarshalBinary()
	if err := a.UnmarshalBinary(end); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		if x, y := a.Roll(100), b.Roll(100); x != y {
			t.Fatalf("after moving: die %d: %d vs %d", i, x, y)
		}
	}
	if err := a.UnmarshalBinary([]byte("junk")); err == nil {
		t.Error("a junk position was accepted")
	}
}
