"""CSV downloads: a spreadsheet opens them, and never runs a cell as a formula."""
from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as text: a name typed as "=HYPERLINK(...)" gets a leading quote."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return "" if value is None else value


def csv_response(filename: str, rows: Iterable[Iterable[Any]]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # spreadsheets read the file as UTF-8 (accents in names)
    writer = csv.writer(response)
    for row in rows:
        writer.writerow([safe_cell(v) for v in row])
    return response
