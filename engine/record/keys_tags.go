package record

func init() {
	RegisterKeys(
		Key{Name: "attribute", Type: Text, Doc: `On a refusal of a tag as written (reason="duplicate-attribute" or "tag-too-long"): the attribute concerned, as the GM wrote it.`, Tags: []string{"refused"}},
	)
}
