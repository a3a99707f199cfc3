package record

func init() {
	RegisterTag("fight", "the answer to a Game Master's [fight: op=...] (docs/fight.md): a fight started, an attack, a reload, an item used or switched, a round, the fight's end and its loot")
	fight := []string{"fight", "refused"}
	RegisterKeys(
		Key{Name: "foes", Type: Text, Tags: fight, Doc: "The creatures a fight was started against, each with its health: `Grave wight 1 (6 health), Grave wight 2 (6 health)`."},
		Key{Name: "round", Type: Int, Tags: fight, Doc: "The fight's round after the step (1 when it starts)."},
		Key{Name: "weapon", Type: Text, Tags: fight, Doc: "What an attack or a reload used: the weapon's stack name (`Hunting bow`, `Silver coffin nail, off hand`) or the creature's attack row."},
		Key{Name: "foe", Type: Text, Tags: fight, Doc: "Who an attack was aimed at, comma-separated when a mode aims at several."},
		Key{Name: "landed", Type: Int, Tags: fight, Doc: "How many of an attack's rolls hit (one roll per target)."},
		Key{Name: "dealt", Type: Int, Tags: fight, Doc: "The damage an attack dealt in all, after soak, floor and typed defenses, plus clauses included."},
		Key{Name: "loaded", Type: Text, Tags: fight, Doc: "A clip after a reload: `1 of 1`."},
		Key{Name: "dropped", Type: Text, Tags: fight, Doc: "What each defeated creature's loot table dropped after a won fight: `Grave wight: Shot and powder ×3`."},
		Key{Name: "placed", Type: Text, Tags: fight, Doc: "Where a won fight's loot went, member by member."},
		Key{Name: "leftBehind", Type: Text, Tags: fight, Doc: "A won fight's loot that no one could carry."},
		Key{Name: "auto", Type: Bool, Tags: fight, Doc: "`true` on a step the Engine chose for a party member it plays (`[fight: op=\"auto\"]`): the record is otherwise the explicit tag's."},
		Key{Name: "log", Type: Text, Tags: fight, Doc: "The fight log's lines for the step, in the spec's words (`Hunting bow: 2 left to shoot.`, `Ada loads 1 into Watch pistol: 1 of 1 loaded.`), space-separated."},
	)
}
