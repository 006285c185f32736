"""The nginx configuration of production and of `make cluster`, from one template.

nginx itself checks the filled template (`nginx -t`; `make test` installs Debian's nginx), and
the lines that carry the security of the set-up are checked as text.
"""

import subprocess
from pathlib import Path

from .deployment import cluster, nginx_program


def production_site(**overrides) -> str:
    arguments = {
        "upstreams": ["127.0.0.1:8001", "10.0.0.12:8001"],
        "listen": ["443 ssl"],
        "server_name": "cartomaniak.fr",
        "static_root": "/srv/cartomaniak/staticfiles/",
        "tls_certificate": "/etc/tls/fullchain.pem",
        "tls_key": "/etc/tls/privkey.pem",
    }
    return cluster.nginx_site(**{**arguments, **overrides})


def directives(text: str) -> list[str]:
    return [
        " ".join(line.split())
        for line in text.splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]


def test_every_field_of_the_template_is_filled() -> None:
    assert not [line for line in directives(production_site()) if "{{" in line]


def test_each_daphne_process_is_an_upstream_server() -> None:
    lines = directives(production_site())

    # In both upstreams: the site's, and the tables' sockets'.
    assert [line for line in lines if line.startswith("server ") and line.endswith(";")] == [
        "server 127.0.0.1:8001 max_fails=10 fail_timeout=5s;",
        "server 10.0.0.12:8001 max_fails=10 fail_timeout=5s;",
    ] * 2


def test_a_tables_sockets_go_to_one_process_and_the_rest_to_the_least_busy() -> None:
    text = production_site()
    lines = directives(text)

    tables = lines[lines.index("upstream cartomaniak_tables {") + 1 :]
    assert tables[0] == "hash $cartomaniak_table consistent;"
    site = lines[lines.index("upstream cartomaniak_daphne {") + 1 :]
    assert site[0] == "least_conn;"
    table_block = location_block(text, "/ws/parties/")
    assert table_block[0] == "proxy_pass http://cartomaniak_tables;"
    # The same headers and limits as every other request's.
    assert table_block[1:] == location_block(text, "/")[1:]


def test_the_visitor_address_is_set_not_appended_and_websockets_are_upgraded() -> None:
    lines = directives(production_site())

    assert "proxy_set_header X-Forwarded-For $remote_addr;" in lines
    assert not [line for line in lines if "proxy_add_x_forwarded_for" in line]
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in lines
    assert "proxy_set_header Host $http_host;" in lines
    assert "proxy_set_header Upgrade $http_upgrade;" in lines
    assert "proxy_set_header Connection $cartomaniak_connection;" in lines
    assert "proxy_http_version 1.1;" in lines


def test_static_files_come_from_the_collected_folder() -> None:
    lines = directives(production_site())

    assert "alias /srv/cartomaniak/staticfiles/;" in lines


def test_tls_comes_with_a_redirect_from_plain_http() -> None:
    lines = directives(production_site())

    assert "ssl_certificate /etc/tls/fullchain.pem;" in lines
    assert "return 301 https://$host$request_uri;" in lines


def test_a_local_cluster_has_no_tls_and_no_redirect() -> None:
    text = production_site(listen=["127.0.0.1:8080"], tls_certificate=None, tls_key=None)

    assert "listen 127.0.0.1:8080;" in directives(text)
    assert "return 301" not in text


def test_nginx_accepts_the_configuration_of_a_local_cluster(tmp_path: Path) -> None:
    site = tmp_path / "site.conf"
    site.write_text(
        cluster.nginx_site(
            upstreams=["127.0.0.1:8001", "127.0.0.1:8002"],
            listen=["127.0.0.1:8080"],
            server_name="127.0.0.1",
            static_root=tmp_path / "staticfiles",
        )
    )
    main = tmp_path / "nginx.conf"
    main.write_text(cluster.nginx_main(run_dir=tmp_path, site=site, workers=1, user=None))

    result = subprocess.run(
        [nginx_program(), "-t", "-p", str(tmp_path), "-c", str(main)],
        capture_output=True,
        text=True,
    )

    assert result.returncode == 0, result.stderr


def location_block(text: str, location: str) -> list[str]:
    """The directives of one `location` block of the filled template."""
    lines = directives(text)
    start = lines.index(f"location {location} {{")
    return lines[start + 1 : lines.index("}", start)]


def test_the_health_endpoint_goes_to_daphne_without_filling_the_access_log() -> None:
    block = location_block(production_site(), "= /sante/")

    assert "proxy_pass http://cartomaniak_daphne;" in block
    assert "access_log off;" in block
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in block


def test_the_metrics_are_refused_from_outside() -> None:
    assert location_block(production_site(), "= /metrics") == ["deny all;"]
