import pytest
from django.core.management import call_command


@pytest.fixture
def content(db):
    """The lesson files loaded into the test database."""
    call_command("sync_content", verbosity=0)
