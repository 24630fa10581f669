"""The Swagger files of Azure/azure-rest-api-specs the real services read, by path and SHA-256 (tools/pin-swagger.sh writes this)."""

SWAGGER_REF = "main"

SWAGGER_FILES = {
    "specification/common-types/resource-management/v1/types.json": "4c616fb1b30bf7d01d8ede1ad96b3b5c17bdbc4c85255e7a108bb025a7fbb516",
    "specification/common-types/resource-management/v4/types.json": "da25932b3948d3d8c548348f361c41bee3390cb25a9f4ce2fd74c47d3c6e5b3c",
    "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity/preview/2015-08-31-preview/ManagedIdentity.json": "e7c9a18ea8cce7acd0fc2527eadd83ded4225228a7f3e0eeeba79e39d1ce95e3",
    "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity/preview/2021-09-30-preview/ManagedIdentity.json": "df3a6e5f8b1f3e33dd7ad92a34832300496ad13ebdb0930ce1f11869833543ff",
    "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity/preview/2022-01-31-preview/ManagedIdentity.json": "2c5b510bdf41928671d932d439a33ade17fb3f4a5f95562bb0926fae5a5e8970",
    "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity/preview/2023-07-31-preview/ManagedIdentity.json": "239d91991bf3caa317edbd099548c538af49c0a9fc11b0abe0a0d762e9af5523",
    "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity/preview/2025-01-31-preview/ManagedIdentity.json": "c5e81cc0744788ae07134a12013ea09465866d29e5c261e3a169ceb5009b0f14",
    "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity/preview/2025-05-31-preview/ManagedIdentity.json": "8193a24e180316046c3fec6627be5dfac081e15b5ea5fa1e436eb4da22fd5e60",
    "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity/stable/2018-11-30/ManagedIdentity.json": "fed005fe3cfb14ea3088c39840f2056514314526fdcc2355a9ef19886b6777f1",
    "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity/stable/2023-01-31/ManagedIdentity.json": "e5d776b4b7c62740fa4793bccbde62ab5a5fda40be27de2a2c815b711aa429c9",
    "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity/stable/2024-11-30/ManagedIdentity.json": "25ef415706ccda3eb5e65bbfb05dab76328493be11c5729f0fdb98c763638855",
    "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity/stable/2026-04-30/ManagedIdentity.json": "8d63fd2cca49790dfdeed5de5c671197b38b095a64eb206db7ac181e1232dbc5",
    "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity/stable/2026-05-31/ManagedIdentity.json": "41c8cd7d64b24bd15509c72d4a995d6865e06107103a9bd6ff02b23a3973835f",
}
