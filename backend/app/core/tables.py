"""Database tables (SQLAlchemy 2): saved scenarios."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Scenario(Base):
    """A saved explorer state. Immutable: created once, read many times, maybe deleted."""

    __tablename__ = "scenarios"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    slug: Mapped[str] = mapped_column(String(32), unique=True, nullable=False)
    system: Mapped[str] = mapped_column(String(32), nullable=False)
    state: Mapped[str] = mapped_column(Text, nullable=False)  # JSON: knobs, x, y, baseline
    title: Mapped[str] = mapped_column(String(120), nullable=False, default="")
    notes: Mapped[str] = mapped_column(Text, nullable=False, default="")
    public: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    models_version: Mapped[str] = mapped_column(String(32), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    delete_token_sha256: Mapped[str] = mapped_column(String(64), nullable=False)

    __table_args__ = (Index("ix_scenarios_public_system_created", "public", "system", "created_at"),)
