from sofia_nb.redact import REDACTED, redact, redact_text, scrubbed_env


def test_secret_keys_are_blanked_at_any_depth() -> None:
    data = {"headers": {"Authorization": "Bearer abc.def.ghi.jkl", "Accept": "json"}, "api_key": "k", "n": 3}
    out = redact(data)
    assert out["headers"]["Authorization"] == REDACTED
    assert out["headers"]["Accept"] == "json"
    assert out["api_key"] == REDACTED
    assert out["n"] == 3


def test_strings_are_masked_wherever_they_sit_in_a_value() -> None:
    token = "ghp_abcdefghijklmnopqrstuvwxyz123"
    value = [f"clone with {token}", {"notes": [token], "plain": "kept"}, (token,), 7]
    out = redact(value)
    assert token not in repr(out)
    assert out[0] == f"clone with {REDACTED}" and out[1]["plain"] == "kept" and out[3] == 7
    assert redact(token) == REDACTED  # a bare string too


def test_token_shapes_are_masked_inside_text() -> None:
    text = "key sk-abcdefghijklmnopqrstuvwxyz and ghp_abcdefghijklmnopqrstuvwxyz123 and Bearer eyJhbGciOi.xyz"
    out = redact_text(text)
    assert "sk-abc" not in out and "ghp_" not in out and "eyJhbGciOi" not in out
    assert out.count(REDACTED) == 3


def test_values_of_token_like_environment_variables_are_masked(monkeypatch) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", "planted-github-value-123")
    monkeypatch.setenv("MY_SERVICE_API_KEY", "planted-service-key")
    out = redact_text("got planted-github-value-123 and planted-service-key in a message")
    assert "planted" not in out


def test_scrubbed_env_drops_credentials_but_keeps_the_rest() -> None:
    env = scrubbed_env({"PATH": "/bin", "OPENAI_API_KEY": "x", "GITHUB_TOKEN": "y", "HOME": "/root"})
    assert env == {"PATH": "/bin", "HOME": "/root"}


def test_a_value_changed_after_the_first_redaction_is_still_caught(monkeypatch) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", "first-planted-value-1")
    assert "first-planted" not in redact_text("first-planted-value-1")
    monkeypatch.setenv("GITHUB_TOKEN", "second-planted-value-2")
    assert "second-planted" not in redact_text("x second-planted-value-2 y")


def test_a_variable_added_or_removed_later_is_seen(monkeypatch) -> None:
    assert redact_text("late-planted-secret-3") == "late-planted-secret-3"
    monkeypatch.setenv("LATE_SERVICE_TOKEN", "late-planted-secret-3")
    assert redact({"arg": "use late-planted-secret-3"}) == {"arg": "use [REDACTED]"}
    monkeypatch.delenv("LATE_SERVICE_TOKEN")
    assert redact_text("late-planted-secret-3") == "late-planted-secret-3"


def test_text_without_a_piece_of_any_token_shape_never_pays_for_the_regex(monkeypatch) -> None:
    import sofia_nb.redact as module

    ran: list[str] = []
    shapes = module._SHAPES

    class Spy:
        def sub(self, repl: str, text: str) -> str:
            ran.append(text)
            return shapes.sub(repl, text)

    monkeypatch.setattr(module, "_SHAPES", Spy())
    plain = "The cold chain results for Northgate, high and right, sk_ not sk-"[:-3]
    assert redact_text(plain) == plain and ran == []
    assert redact_text("send ghp_abcdefghijklmnopqrst1234 now") == f"send {REDACTED} now"
    assert len(ran) == 1
