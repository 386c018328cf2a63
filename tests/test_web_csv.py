"""Player CSVs as French clubs and the FFE write them (review: a normal French CSV lost its first
names, FIDE ids and birth dates without a word; a ``;`` inside a value or an Elo written
``1460 F`` refused the file with a misleading message)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from swisspairing.errors import InputError
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import read_csv, read_player_file
from web_helpers import make_event, make_user

FRENCH = (
    "Nom;Prénom;Elo;Fédération;Titre;Club;Sexe;Date de naissance;Code FIDE\n"
    "DUPRÉ;Éloïse;1850;FRA;WFM;Échiquier d'Annecy;F;12/03/1995;20612345\n"
    "LÉVÊQUE;Élodie;2105;FRA;WFM;Cercle Lyonnais;F;1988;651234\n"
    "Müller;Jürgen;1720;GER;;SC Köln;M;1970-05-01;4612345\n"
    "ZÉRO;Sans Elo;;FRA;;;H;;\n"
)


def _import_page_in_french(event: m.Event, name: str, data: bytes) -> str:
    """The page an arbiter (browser in French) gets after sending the file ``name`` holding
    ``data`` to the event's player import."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = Client()
    client.force_login(make_user("arb", "arbiter"))  # type: ignore[arg-type]
    r = client.post(reverse("web:players-import", args=[event.pk]),
                    {"file": SimpleUploadedFile(name, data)}, follow=True,
                    HTTP_ACCEPT_LANGUAGE="fr")
    return r.content.decode()


def test_a_french_csv_keeps_first_names_fide_ids_and_dates() -> None:
    read = read_csv(FRENCH.encode("utf-8"), "joueurs.csv")
    rows = [(c.name, c.rating, c.fide_id, c.federation, c.title, c.club, c.sex, c.birth_date)
            for c in read.candidates]
    assert rows == [
        ("DUPRÉ, Éloïse", 1850, "20612345", "FRA", "WFM", "Échiquier d'Annecy", "w",
         "1995/03/12"),
        ("LÉVÊQUE, Élodie", 2105, "651234", "FRA", "WFM", "Cercle Lyonnais", "w", "1988"),
        ("Müller, Jürgen", 1720, "4612345", "GER", "", "SC Köln", "m", "1970/05/01"),
        ("ZÉRO, Sans Elo", 0, "", "FRA", "", "", "m", ""),
    ]
    assert read.ignored_columns == []


@pytest.mark.parametrize("encoding", ["utf-8-sig", "cp1252"])
def test_bom_and_windows_1252_files(encoding: str) -> None:
    text = ("Nom de famille;Prénom;N° FIDE;Elo;Né le\r\n"
            "GARCÍA;Hélène;20655555;1460 F;03.07.2001\r\n")
    read = read_csv(text.encode(encoding), "export.csv")
    (c,) = read.candidates
    assert (c.name, c.fide_id, c.rating, c.birth_date) == ("GARCÍA, Hélène", "20655555", 1460,
                                                           "2001/07/03")
    assert bool(read.warnings) == (encoding == "cp1252")


@pytest.mark.parametrize("header", ["Code FIDE", "N° FIDE", "Nº FIDE", "FIDE ID", "Id FIDE",
                                    "Matricule FIDE", "fide_id", "FIDE-Id", "Numéro FIDE"])
def test_the_fide_id_column_under_its_usual_names(header: str) -> None:
    (c,) = read_csv(f"Nom,{header}\nDurand Ana,20612345\n".encode(), "x.csv").candidates
    assert (c.name, c.fide_id) == ("Durand Ana", "20612345")


@pytest.mark.parametrize(("surname", "first"), [
    ("Nom", "Prénom"), ("Surname", "First name"), ("Last name", "First name"),
    ("NOM DE FAMILLE", "PRENOM"), ("Name", "Firstname")])
def test_surname_and_first_name_columns_make_fide_names(surname: str, first: str) -> None:
    (c,) = read_csv(f"{first};{surname}\nÉlodie;Lévêque\n".encode(), "x.csv").candidates
    assert c.name == "Lévêque, Élodie"


def test_a_name_column_alone_is_the_whole_name() -> None:
    (c,) = read_csv(b"nom;elo\nDurand, Ana;1850\n", "x.csv").candidates
    assert c.name == "Durand, Ana"


def test_the_ffe_export_columns() -> None:
    """The FFE's export: ``Elo`` is the standard rating, ``Rapide`` and ``Blitz`` are not read
    (nor the FFE's own numbers), and all of them are listed as columns not read."""
    text = ("Ref FFE;NrFFE;Nom;Prénom;Elo;Rapide;Blitz;Cat;Club;Remarque\n"
            "12345;K55555;BERNARD;Hélène;1540 F;1499 N;1320 E;SenF;Évian;\n")
    read = read_csv(text.encode("cp1252"), "ffe.csv")
    (c,) = read.candidates
    assert (c.name, c.rating, c.club, c.fide_id) == ("BERNARD, Hélène", 1540, "Évian", "")
    assert read.ignored_columns == ["Ref FFE", "NrFFE", "Rapide", "Blitz", "Cat", "Remarque"]


@pytest.mark.parametrize(("cell", "rating"), [("1460 F", 1460), ("1460F", 1460),
                                              ("1500 N", 1500), ("1399 E", 1399), (" 2000 ", 2000)])
def test_a_rating_followed_by_the_ffe_letter(cell: str, rating: int) -> None:
    (c,) = read_csv(f"Nom;Elo\nPETIT Gaël;{cell}\n".encode(), "x.csv").candidates
    assert c.rating == rating


@pytest.mark.parametrize("cell", ["abc", "1460 X", "14 60", "4100", "-5"])
def test_a_bad_rating_names_line_column_and_value(cell: str) -> None:
    text = f"Nom;Elo\nA;1500\nPETIT Gaël;{cell}\n"
    with pytest.raises(InputError) as caught:
        read_csv(text.encode(), "x.csv")
    message = str(caught.value)
    assert "x.csv, line 3" in message and "'Elo'" in message and repr(cell.strip()) in message


@pytest.mark.parametrize(("cell", "stored"), [
    ("12/03/1995", "1995/03/12"), ("1/2/1995", "1995/02/01"), ("1970-05-01", "1970/05/01"),
    ("1970/05/01", "1970/05/01"), ("1988", "1988"), ("29/02/2000", "2000/02/29")])
def test_birth_dates_in_the_trf_form(cell: str, stored: str) -> None:
    (c,) = read_csv(f"Nom;Date de naissance\nA;{cell}\n".encode(), "x.csv").candidates
    assert c.birth_date == stored


@pytest.mark.parametrize("cell", ["31/02/1995", "29/02/2001", "1995-13-01", "12/03/95",
                                  "hier"])
def test_an_impossible_birth_date_names_line_and_column(cell: str) -> None:
    text = f"Nom;Date de naissance\nA;\nB;{cell}\n"
    with pytest.raises(InputError) as caught:
        read_csv(text.encode(), "x.csv")
    message = str(caught.value)
    assert "x.csv, line 3" in message and "'Date de naissance'" in message and cell in message


def test_the_header_decides_the_separator() -> None:
    """Names with commas in a ``;`` file, and a quoted ``;`` in a value: the header's
    separator is used; the sample-based sniffer was misled."""
    text = ('Nom;Prénom;Club;Elo\n'
            'DUPONT;Jean-Luc;"Échecs; Club de Lyon";1500\n'
            'MARTIN, dit Paulo;Paul;Club, Annecy;1400\n')
    read = read_csv(text.encode(), "x.csv")
    assert [(c.name, c.club) for c in read.candidates] == [
        ("DUPONT, Jean-Luc", "Échecs; Club de Lyon"), ("MARTIN, dit Paulo, Paul", "Club, Annecy")]
    tabbed = read_csv(b"Name\tRating\tClub\nDoe, Jo\t1500\tA, B\n", "x.tsv")
    assert [(c.name, c.rating, c.club) for c in tabbed.candidates] == [("Doe, Jo", 1500, "A, B")]


def test_an_unquoted_separator_in_a_value_names_the_line() -> None:
    text = ("Nom;Prénom;Elo;Fédération;Titre;Club;Sexe;Date de naissance;Code FIDE\n"
            "DUPRÉ;Éloïse;1850;FRA;WFM;Annecy;F;12/03/1995;20612345\n"
            "NGUYỄN;Thị Ánh;1999;VIE;;'; DROP TABLE x; --;F;2005;\n")
    with pytest.raises(InputError) as caught:
        read_csv(text.encode(), "joueurs.csv")
    message = str(caught.value)
    assert "joueurs.csv, line 3" in message and "11 cells, the header 9" in message
    assert "';'" in message and "quotes" in message


def test_a_header_without_a_name_column_says_what_it_found() -> None:
    with pytest.raises(InputError, match="'Elo', 'Club'"):
        read_csv(b"Elo;Club\n1500;Annecy\n", "x.csv")


@pytest.mark.django_db
def test_the_page_imports_a_french_file_and_lists_the_columns_not_read() -> None:
    event = make_event(players=0)
    data = ("Nom;Prénom;Elo;Ligue;Code FIDE\nLÉVÊQUE;Élodie;1460 F;ARA;651234\n"
            "DUPRÉ;Éloïse;1850;ARA;\n").encode("cp1252")
    page = _import_page_in_french(event, "joueurs.csv", data)
    assert [(e.name, e.rating, e.fide_id) for e in event.entrants.order_by("name")] == [
        ("DUPRÉ, Éloïse", 1850, ""), ("LÉVÊQUE, Élodie", 1460, "651234")]
    assert "Colonnes non lues\u00a0: Ligue." in page
    assert read_player_file(data, "joueurs.csv").ignored_columns == ["Ligue"]


BAD_ROWS = ("Nom;Prénom;Elo;Date de naissance\n"
            "DUPRÉ;Éloïse;1850;12/03/1995\n"
            "MARTIN;Paul;abc;\n"
            "PETIT;Gaël;1500;31/02/1995\n"
            ";;1400;\n"
            "BERNARD;Hélène;1540;\n")


def test_every_bad_row_is_named_at_once() -> None:
    """Issue 25 item 12: a CSV with three bad rows names the three (line and problem), not
    only the first; nothing is read."""
    with pytest.raises(InputError) as caught:
        read_csv(BAD_ROWS.encode(), "x.csv")
    message = str(caught.value)
    assert "x.csv, line 3" in message and "'abc'" in message
    assert "x.csv, line 4" in message and "'31/02/1995'" in message
    assert "x.csv, line 5" in message and "a player without a name" in message
    assert "3 rows cannot be read" in message


@pytest.mark.django_db
def test_the_page_lists_every_bad_row_and_imports_nothing() -> None:
    event = make_event(players=0)
    page = _import_page_in_french(event, "joueurs.csv", BAD_ROWS.encode())
    assert event.entrants.count() == 0
    assert "3 lignes illisibles" in page and "Rien n’a été importé" in page
    for line in (3, 4, 5):
        assert f"joueurs.csv, ligne {line}" in page
    assert "un joueur sans nom" in page


# --- the format is the file's structure, not a line found inside it --------------------------
#: a CSV whose quoted club cell holds a line break followed by a forged ``001`` record
FORGED_001 = ('Nom;Prénom;Elo;Club\n'
              'DUPRÉ;Éloïse;1850;"Échiquier\n001    1      Evil, Player                      '
              '2100"\n'
              'MARTIN;Paul;1500;"Club\n001 du lac"\n')


@pytest.mark.parametrize("name", ["joueurs.csv", "joueurs.txt", "joueurs", "JOUEURS.CSV"])
def test_a_line_break_and_001_inside_a_csv_cell_do_not_make_a_trf_file(name: str) -> None:
    """The quoted cells are the club (one line, as every stored text); the forged ``001``
    line is not a player."""
    read = read_player_file(FORGED_001.encode(), name)
    assert [(c.name, c.rating, c.club) for c in read.candidates] == [
        ("DUPRÉ, Éloïse", 1850, "Échiquier 001 1 Evil, Player 2100"),
        ("MARTIN, Paul", 1500, "Club 001 du lac")]


@pytest.mark.parametrize(("name", "data", "problem"), [
    ("joueurs.trf", FORGED_001.encode(),
     "the name ends in .trf (a TRF file) but the content is a CSV file (first line "
     "'Nom;Prénom;Elo;Club')"),
    ("tournoi.csv", b"012 Open d'Annecy\n001    1      Dupont, Jean                      1500\n",
     "the name ends in .csv (a CSV file) but the content is a TRF file (first line "
     "\"012 Open d'Annecy\")"),
    ("liste.xml", b"ID Number      Name\n", "the content is a FIDE TXT file"),
])
def test_a_name_and_a_content_that_disagree_are_refused(name: str, data: bytes,
                                                         problem: str) -> None:
    with pytest.raises(InputError, match=re.escape(problem)):
        read_player_file(data, name)


def test_a_trf_file_is_still_read_as_one() -> None:
    data = (b"012 Open\n\n001    1      Dupont, Jean                      1500\n"
            b"001    2      Durand, Ana                       1400\n")
    for name in ("open.trf", "open.txt", "open"):
        assert [c.name for c in read_player_file(data, name).candidates] == [
            "Dupont, Jean", "Durand, Ana"]


@pytest.mark.django_db
def test_the_page_refuses_a_csv_named_trf_and_imports_nothing() -> None:
    event = make_event(players=0)
    page = _import_page_in_french(event, "joueurs.trf", FORGED_001.encode())
    assert event.entrants.count() == 0
    assert "le nom finit par .trf (un fichier TRF) mais le contenu est un fichier CSV" in page
