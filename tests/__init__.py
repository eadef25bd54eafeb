"""The test suite is a package, so that tests/player does not hide the player package of the worktree under test."""
