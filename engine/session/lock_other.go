//go:build !unix

package session

import "os"

func tryLock(*os.File) (bool, error) { return false, ErrLocking }

func unlockFile(*os.File) {}
