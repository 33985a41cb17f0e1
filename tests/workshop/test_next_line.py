"""The facilitator's next scripted line, derived from the session's turns (what a face offers)."""

from sofia_nb.session import Phase, WorkshopSession
from sofia_nb.workshop import WorkshopInputs

INPUTS = WorkshopInputs(discover=["first line", "second line"], ideate=["ideate line"])


def test_the_next_line_is_the_first_the_session_does_not_hold() -> None:
    session = WorkshopSession()
    assert INPUTS.next_line(session) == "first line"
    session.add_turn(Phase.DISCOVER, "user", "Introduce the Discover phase", kickoff=True)
    session.add_turn(Phase.DISCOVER, "user", "first line")
    session.add_turn(Phase.DISCOVER, "user", "words of my own")  # own words keep it in place
    assert INPUTS.next_line(session) == "second line"
    session.add_turn(Phase.DISCOVER, "user", "second line")
    assert INPUTS.next_line(session) is None


def test_it_follows_the_phase_and_a_going_back() -> None:
    session = WorkshopSession()
    session.add_turn(Phase.DISCOVER, "user", "first line")
    session.phase = Phase.IDEATE
    assert INPUTS.next_line(session) == "ideate line"
    session.phase = Phase.DESIGN
    assert INPUTS.next_line(session) is None  # no lines for this phase
    session.phase, session.turns = Phase.DISCOVER, []  # what going back leaves
    assert INPUTS.next_line(session) == "first line"
    session.phase = Phase.DEVELOP
    assert INPUTS.next_line(session) is None
