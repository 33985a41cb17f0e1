"""The company searched for: the model's ``company_name`` first, else a guess from the description."""

import pytest

from sofia_nb.session import BusinessContext, WorkshopSession
from sofia_nb.workshop._company import company_from_text, company_name

# The phrasings that fooled the first-capitalised-word guess, and their neighbours.
PHRASINGS = [
    ("We are Contoso, a retailer of outdoor gear.", "Contoso"),
    ("Our company, Fabrikam, makes bicycles.", "Fabrikam"),
    ("A regional bank in Ohio called First Buckeye wants faster loan reviews.", "First Buckeye"),
    ("Northwind Traders is a food distributor in Seattle.", "Northwind Traders"),
    ("We're Tailspin Toys and we sell drones online.", "Tailspin Toys"),
    ('The team at "Valdora Fresh" runs forty grocery stores.', "Valdora Fresh"),
    ("Our company Wide World Importers ships furniture from Asia.", "Wide World Importers"),
    ("A logistics startup in Texas named Blue Yonder Freight.", "Blue Yonder Freight"),
    ("We work at Litware, a software vendor in Berlin.", "Litware"),
    ("In Denver, Adventure Works is a bike maker with ten shops.", "Adventure Works"),
]


@pytest.mark.parametrize(("text", "company"), PHRASINGS)
def test_the_company_is_found_in_ten_phrasings(text: str, company: str) -> None:
    assert company_from_text(text) == company


def test_a_description_without_a_name_gives_its_first_words() -> None:
    assert company_from_text("a small bakery in town") == "a small bakery"


def test_the_models_company_name_wins_over_the_description() -> None:
    context = BusinessContext(description="We are Contoso, a retailer.")
    if "company_name" not in BusinessContext.model_fields:
        pytest.skip("business_context.company_name is not in the session schema yet")
    context = context.model_copy(update={"company_name": "Contoso Retail Group"})
    assert company_name(WorkshopSession(business_context=context)) == "Contoso Retail Group"
