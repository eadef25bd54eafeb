"""The suite never writes to the user's own settings, saves or caches (tests/conftest.py)."""
from pathlib import Path

from tests.conftest import USER_FOLDERS


def test_the_player_settings_of_a_test_run_live_in_the_runs_own_folder(qapp):
    from player.startpage import RECENT_GAMES, player_settings, remember

    settings = player_settings()
    remember(settings, RECENT_GAMES, Path("/tmp/some.ksave"))
    settings.sync()
    assert Path(settings.fileName()).resolve().is_relative_to(USER_FOLDERS.resolve())


def test_autosaves_and_caches_of_a_test_run_live_in_the_runs_own_folder():
    import platformdirs

    for folder in (platformdirs.user_data_dir("kharkovsuite"), platformdirs.user_cache_dir("kharkovsuite"),
                   platformdirs.user_log_dir("kharkovsuite")):
        assert Path(folder).resolve().is_relative_to(USER_FOLDERS.resolve())
