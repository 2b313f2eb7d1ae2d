package store

// BackupPath is where the backup of the store at path is kept.
func BackupPath(path string) string { return path + ".bak" }
