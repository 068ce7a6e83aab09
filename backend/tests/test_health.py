def test_health_reaches_the_database(client):
    r = client.get("/api/health")
    assert r.status_code == 200
    assert r.json()["database"] is True
