package fight

// memberArms are the weapons member i wields now, as the fight rolls
// them.
func (f *fight) memberArms(i int) []*arm {
	return nil
}
