"""A PDF loads only the files of its own folder (toolchain/pdf/fetch.py): a page that names a file elsewhere
on the machine, or an address on the network, fails the PDF instead of putting the file in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain.pdf.fetch import LocalFetcher, RefusedResource
from toolchain.rulebook.parts import PartJob, render_part

PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082")


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    """A print page's folder with a picture and a stylesheet, and a secret picture beside it."""
    folder = tmp_path / "pdf"
    (folder / "_images").mkdir(parents=True)
    (folder / "_images" / "inside.png").write_bytes(PNG)
    (folder / "print.css").write_text("body { color: black }\n", encoding="utf-8")
    (tmp_path / "secret.png").write_bytes(PNG)
    (folder / "_images" / "linked.png").symlink_to(tmp_path / "secret.png")
    return folder, tmp_path / "secret.png"


def test_the_fetcher_allows_the_folders_files_and_data_only(folders: tuple[Path, Path]) -> None:
    folder, secret = folders
    fetcher = LocalFetcher(folder)
    assert fetcher.allows((folder / "_images" / "inside.png").as_uri())
    assert fetcher.allows(folder.as_uri() + "/_images/inside.png")
    assert fetcher.allows("data:image/png;base64,iVBORw0KGgo=")
    refused = [secret.as_uri(), folder.as_uri() + "/../secret.png", (folder / "_images" / "linked.png").as_uri(),
               folder.as_uri() + "/_images", "file://elsewhere" + str(folder / "_images" / "inside.png"),
               "http://127.0.0.1:9/picture.png", "https://example.org/picture.png", "file:///etc/passwd"]
    assert [url for url in refused if fetcher.allows(url)] == []
    assert not LocalFetcher().allows((folder / "_images" / "inside.png").as_uri())


def test_a_part_naming_a_file_outside_its_folder_is_not_made(folders: tuple[Path, Path]) -> None:
    folder, secret = folders
    html = (f'<html><head><link rel="stylesheet" href="print.css"></head><body><p>本文</p>'
            f'<img src="_images/inside.png"><img src="../secret.png"><img src="{secret.as_uri()}">'
            f'<img src="_images/linked.png"></body></html>')
    target = folder / "part.pdf"
    with pytest.raises(RefusedResource) as refused:
        render_part(PartJob(html, folder.as_uri() + "/", target))
    assert str(refused.value).count("secret.png") == 1 and "linked.png" in str(refused.value)
    assert "inside.png" not in str(refused.value) and "print.css" not in str(refused.value)
    assert not target.exists() and not list(folder.glob("*.tmp"))


def test_a_part_with_the_folders_files_only_is_made(folders: tuple[Path, Path]) -> None:
    folder, _secret = folders
    html = '<html><head><link rel="stylesheet" href="print.css"></head><body><p>本文</p><img src="_images/inside.png"></body></html>'
    result = render_part(PartJob(html, folder.as_uri() + "/", folder / "part.pdf"))
    assert result.pages == 1 and (folder / "part.pdf").exists()
